//! `giglio club`: the clubs of the campaign, their secrets, and clubs that change
//! during a campaign (details edited, a nation handed over, a club that leaves).

use super::ui;
use crate::auth;
use crate::error::{Error, Result};
use crate::rules::tables::Lang;
use crate::scenario::clubs::{MAX_NAME_CHARS, clean_text, is_plain_address};
use crate::storage::{Club, Store};
use std::path::Path;

/// List clubs, or issue a club a new secret.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum ClubCommand {
    /// List the clubs: nation, name, addresses, language.
    List {
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Issue a club a new secret (the old one stops working at once) and queue its
    /// welcome again carrying it; an undelivered welcome with the old secret is taken
    /// back.
    Secret {
        /// The club's nation code.
        nation: String,
        /// Required: says you mean to replace the secret.
        #[arg(long)]
        rotate: bool,
        /// Queue no welcome: you hand the new secret over another way.
        #[arg(long)]
        no_welcome: bool,
        /// Print JSON instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Change a club's name, addresses or language; the club is told at its old and
    /// new addresses.
    Edit(EditArgs),
    /// Hand a nation to a new club mid-campaign: a new secret (shown once), a welcome
    /// with the position as it stands, a farewell to the old club.
    Handover(HandoverArgs),
    /// A club leaves: its nation is neutral from the open phase on (G0: no orders,
    /// its garrisons defend, its armies stand); the club is told.
    Leave {
        /// The club's nation code.
        nation: String,
    },
}

/// What `giglio club edit` changes; what is not given stays.
#[derive(Debug, clap::Args)]
pub(crate) struct EditArgs {
    /// The club's nation code.
    pub(crate) nation: String,
    /// The club's new name.
    #[arg(long)]
    pub(crate) name: Option<String>,
    /// The club's addresses, replacing the old ones (repeat for several).
    #[arg(long = "email", value_name = "ADDRESS")]
    pub(crate) emails: Vec<String>,
    /// The language of the club's mail.
    #[arg(long, value_enum)]
    pub(crate) lang: Option<super::orders::LangArg>,
}

/// The new club of `giglio club handover`.
#[derive(Debug, clap::Args)]
pub(crate) struct HandoverArgs {
    /// The nation's code.
    pub(crate) nation: String,
    /// The new club's name.
    #[arg(long)]
    pub(crate) name: String,
    /// The new club's addresses (repeat for several).
    #[arg(long = "email", value_name = "ADDRESS", required = true)]
    pub(crate) emails: Vec<String>,
    /// The language of the new club's mail (default it).
    #[arg(long, value_enum)]
    pub(crate) lang: Option<super::orders::LangArg>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_club(dir: &Path, cmd: ClubCommand) -> Result<()> {
    match cmd {
        ClubCommand::List { json } => {
            let store = Store::open_read(dir)?;
            let clubs = store.clubs()?;
            if json {
                return ui::out_json(&clubs);
            }
            let world = store.current()?.world;
            let mut out = String::new();
            for c in &clubs {
                out.push_str(&format!(
                    "{:<4} {} <{}> ({}){}\n",
                    c.nation,
                    c.name,
                    c.emails.join(", "),
                    c.lang.as_str(),
                    if world.is_club(&c.nation) {
                        ""
                    } else {
                        " (left: the nation is neutral)"
                    }
                ));
            }
            ui::out(&out);
            Ok(())
        }
        ClubCommand::Edit(a) => edit(dir, a),
        ClubCommand::Handover(a) => handover(dir, a),
        ClubCommand::Leave { nation } => leave(dir, &nation),
        ClubCommand::Secret {
            nation,
            rotate,
            no_welcome,
            json,
        } => {
            if !rotate {
                return Err(Error::user(
                    "secrets are stored only as hashes and cannot be shown again; use `--rotate` to issue a new one",
                ));
            }
            let command = format!("club secret {nation} --rotate");
            let mut store = Store::open_write(dir, &command)?;
            let secret = if no_welcome {
                let secret = auth::issue()?;
                store.set_secret_hash(&nation, &auth::hash(&secret)?, &super::now(), &command)?;
                secret
            } else {
                rotate_with_welcome(&mut store, dir, &nation, &command)?
            };
            if json {
                return ui::out_json(&super::json::NewSecret { nation, secret });
            }
            let welcome = if no_welcome {
                "no welcome queued: hand it over yourself"
            } else {
                "its welcome carrying it is queued; `giglio mail send` delivers it"
            };
            ui::out(&format!(
                "new secret of the club of {nation} (shown once; the old one no longer works; {welcome}):\n  {secret}\n"
            ));
            Ok(())
        }
    }
}

/// A new secret sent with the club's welcome, in one transaction.
fn rotate_with_welcome(
    store: &mut Store,
    dir: &Path,
    nation: &str,
    command: &str,
) -> Result<String> {
    let club = club_of(store, nation)?;
    let msg = super::welcome::with_welcome(store, dir, |w| {
        let secret = auth::issue()?;
        let msg = crate::engine::post::welcome::message(w, &club, Some(&secret), false, true)?;
        Ok((secret, msg))
    })?;
    crate::engine::welcomes::rotate(store, &club, msg, (&super::now(), command))
}

/// The club playing `nation`, or a user error naming the list.
fn club_of(store: &Store, nation: &str) -> Result<Club> {
    store
        .clubs()?
        .into_iter()
        .find(|c| c.nation == nation)
        .ok_or_else(|| {
            Error::user(format!(
                "no club plays `{nation}` in this campaign (see `giglio club list`)"
            ))
        })
}

/// A club's name and addresses as given on the command line, checked as a clubs file
/// checks them.
fn checked(name: Option<&str>, emails: &[String]) -> Result<(Option<String>, Vec<String>)> {
    let name = name.map(|n| clean_text(n, MAX_NAME_CHARS));
    if name.as_deref().is_some_and(str::is_empty) {
        return Err(Error::user("--name: a club needs a name"));
    }
    for e in emails {
        if !is_plain_address(e) {
            return Err(Error::user(format!(
                "--email `{e}` is not a plain e-mail address (like name@example.org: ASCII, no spaces or display name)"
            )));
        }
    }
    Ok((
        name,
        emails.iter().map(|e| e.to_ascii_lowercase()).collect(),
    ))
}

/// One notice, to the addresses given, in the club's language.
fn notice(
    dir: &Path,
    store: &Store,
    to: &Club,
    kind: &'static str,
    salt: String,
    say: &crate::engine::post::notice::Say,
) -> Result<Vec<crate::storage::OutMessage>> {
    let (campaign, _) = super::campaign_of(dir)?;
    let config = crate::mail::config::load(dir)?;
    let n = crate::engine::post::notice::Notice {
        kind,
        phase: store.current()?.id,
        salt,
        say,
    };
    crate::engine::post::notice::to_clubs(
        &campaign,
        &config,
        &[to],
        &n,
        &super::words_of(dir)?,
        &super::now(),
    )
}

fn edit(dir: &Path, a: EditArgs) -> Result<()> {
    let command = format!("club edit {}", a.nation);
    let mut store = Store::open_write(dir, &command)?;
    let old = club_of(&store, &a.nation)?;
    let (name, emails) = checked(a.name.as_deref(), &a.emails)?;
    let mut new = old.clone();
    if let Some(n) = name {
        new.name = n;
    }
    if !emails.is_empty() {
        new.emails = emails;
    }
    if let Some(l) = a.lang {
        new.lang = Lang::from(l);
    }
    if new == old {
        return Err(Error::user(
            "nothing to change: give --name, --email or --lang with a new value",
        ));
    }
    let (campaign, _) = super::campaign_of(dir)?;
    let title = campaign.title_it.clone();
    let nation = |lang| campaign.nation_name(&new.nation, lang);
    let say = |w: &crate::words::Words, lang: Lang, _phase: &str| {
        (
            crate::t!(w, lang, "desk-club-edit-subject", campaign = title.as_str()),
            crate::t!(
                w,
                lang,
                "desk-club-edit-text",
                nation = nation(lang),
                name = new.name.as_str(),
                emails = new.emails.join(", "),
                lang = new.lang.as_str()
            ),
        )
    };
    // Told at the old and the new addresses, in the language it reads from now on.
    let mut to = new.clone();
    for e in &old.emails {
        if !to.emails.contains(e) {
            to.emails.push(e.clone());
        }
    }
    let salt = format!(
        "{}|{}|{}",
        new.name,
        new.emails.join(","),
        new.lang.as_str()
    );
    let msgs = notice(dir, &store, &to, "club-edit", salt, &say)?;
    let mut changed = Vec::new();
    if new.name != old.name {
        changed.push(format!("name `{}` -> `{}`", old.name, new.name));
    }
    if new.emails != old.emails {
        changed.push(format!(
            "addresses {} -> {}",
            old.emails.join(", "),
            new.emails.join(", ")
        ));
    }
    if new.lang != old.lang {
        changed.push(format!(
            "language {} -> {}",
            old.lang.as_str(),
            new.lang.as_str()
        ));
    }
    let description = format!("club of {}: {}", new.nation, changed.join("; "));
    store.edit_club(&new, &msgs, &super::now(), &command, &description)?;
    ui::out(&format!(
        "{description}\n{} queued to the old and new addresses; `giglio mail send` delivers them\n",
        ui::count(msgs.len(), "notice")
    ));
    Ok(())
}

fn handover(dir: &Path, a: HandoverArgs) -> Result<()> {
    let command = format!("club handover {}", a.nation);
    let mut store = Store::open_write(dir, &command)?;
    let old = club_of(&store, &a.nation)?;
    let current = store.current()?;
    if !current.world.is_club(&a.nation) {
        return Err(Error::user(format!(
            "{} is neutral: its club has left, and a neutral nation is not handed over",
            a.nation
        )));
    }
    let (name, emails) = checked(Some(&a.name), &a.emails)?;
    let new = Club {
        nation: old.nation.clone(),
        name: name.unwrap_or_default(),
        emails,
        lang: a.lang.map_or(Lang::It, Lang::from),
    };
    let secret = auth::issue()?;
    let secrets = std::collections::BTreeMap::from([(new.nation.clone(), secret.clone())]);
    let mut msgs =
        super::welcome::messages(&store, dir, std::slice::from_ref(&new), &secrets, false)?;
    let (campaign, _) = super::campaign_of(dir)?;
    let title = campaign.title_it.clone();
    let nation = |lang| campaign.nation_name(&old.nation, lang);
    let say = |w: &crate::words::Words, lang: Lang, phase: &str| {
        (
            crate::t!(
                w,
                lang,
                "desk-club-handover-subject",
                campaign = title.as_str(),
                nation = nation(lang)
            ),
            crate::t!(
                w,
                lang,
                "desk-club-handover-text",
                nation = nation(lang),
                phase = phase
            ),
        )
    };
    msgs.extend(notice(
        dir,
        &store,
        &old,
        "club-farewell",
        new.name.clone(),
        &say,
    )?);
    store.hand_over(&new, &auth::hash(&secret)?, &msgs, &super::now(), &command)?;
    if a.json {
        return ui::out_json(&super::json::Handover {
            nation: new.nation.clone(),
            club: new,
            secret,
            queued: msgs.len(),
        });
    }
    ui::out(&format!(
        "{} now played by {} <{}>; the old club's secret no longer works\n\
         new secret (shown once; it is also in the welcome, kept only until delivered):\n  {secret}\n\
         the welcome and the old club's farewell queued; `giglio mail send` delivers them\n",
        new.nation,
        new.name,
        new.emails.join(", ")
    ));
    Ok(())
}

fn leave(dir: &Path, nation: &str) -> Result<()> {
    let command = format!("club leave {nation}");
    let mut store = Store::open_write(dir, &command)?;
    let club = club_of(&store, nation)?;
    let (campaign, _) = super::campaign_of(dir)?;
    let title = campaign.title_it.clone();
    let name = |lang| campaign.nation_name(nation, lang);
    let say = |w: &crate::words::Words, lang: Lang, phase: &str| {
        (
            crate::t!(
                w,
                lang,
                "desk-club-leave-subject",
                campaign = title.as_str(),
                nation = name(lang),
                phase = phase
            ),
            crate::t!(
                w,
                lang,
                "desk-club-leave-text",
                nation = name(lang),
                phase = phase
            ),
        )
    };
    let msgs = notice(dir, &store, &club, "club-leave", String::new(), &say)?;
    store.make_neutral(nation, &msgs, &super::now(), &command)?;
    let phase = store.current()?.id;
    ui::out(&format!(
        "the club of {nation} has left: {nation} is neutral from {phase} on (G0: no orders, its garrisons defend, its armies stand); its secret no longer works; a farewell queued\n"
    ));
    Ok(())
}
