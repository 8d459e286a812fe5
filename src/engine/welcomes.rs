//! A club's welcome over its life in the outbox: written again when `giglio.toml`'s
//! addresses changed before it went out (`giglio mail send` and `giglio run` do it
//! before sending), and sent again with a new secret (`giglio club secret --rotate`).
//! The welcome itself is composed in `engine::post::welcome`.

use super::post::welcome::{Welcome, message};
use crate::error::Result;
use crate::mail::config::Config;
use crate::storage::{Club, Status, Store};

/// A welcome in the outbox, not yet delivered, written with addresses `giglio.toml` no
/// longer gives (the placeholder `giglio new` writes, before the referee set the real
/// one): it would tell the club to write where no one reads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Stale {
    pub(crate) id: i64,
    pub(crate) nation: String,
    /// It carries the club's secret (a new one replaces it: the old never went out).
    pub(crate) secret: bool,
}

/// The queued welcomes whose From or orders address is not the configuration's now.
pub(crate) fn stale(store: &Store, config: &Config) -> Result<Vec<Stale>> {
    let with_secret: Vec<String> = store
        .undelivered_secrets()?
        .into_iter()
        .map(|(_, id)| id)
        .collect();
    let from = config.mail.sender_address().to_ascii_lowercase();
    let orders = config.mail.orders_address();
    let mut out = Vec::new();
    for row in store.outbox(Some(Status::Queued))? {
        let Some(nation) = row.nation.clone().filter(|_| row.kind == "welcome") else {
            continue;
        };
        let Some(raw) = store.message_bytes(row.id)? else {
            continue;
        };
        let Some((sender, text)) = crate::mail::message::sender_and_text(&raw) else {
            continue;
        };
        if sender.to_ascii_lowercase() != from || !text.contains(&orders) {
            out.push(Stale {
                id: row.id,
                secret: with_secret.contains(&row.message_id),
                nation,
            });
        }
    }
    Ok(out)
}

/// Writes each stale welcome again with the addresses of `giglio.toml` as they are now,
/// in place of the old: with a new secret where the old one carried the club's (it was
/// never delivered, so no one holds it), else saying the secret as the old one did.
/// Returns the clubs welcomed afresh.
pub(crate) fn renew_stale(store: &mut Store, w: &Welcome, command: &str) -> Result<Vec<String>> {
    let mut renewed = Vec::new();
    let clubs = store.clubs()?;
    for s in stale(store, w.config)? {
        let Some(club) = clubs.iter().find(|c| c.nation == s.nation) else {
            continue;
        };
        let what = format!(
            "the welcome of {} written again with the addresses of giglio.toml now ({}){}",
            s.nation,
            w.config.mail.sender_address(),
            if s.secret {
                ", with a new secret (the old one was never delivered)"
            } else {
                ""
            }
        );
        if s.secret {
            let secret = crate::auth::issue()?;
            let msg = message(w, club, Some(&secret), false, false)?;
            let hash = crate::auth::hash(&secret)?;
            store.renew_welcome(
                Some((&s.nation, &hash)),
                &[s.id],
                &msg,
                w.now,
                command,
                &what,
            )?;
        } else {
            let by_hand = by_hand(store, s.id, w, club)?;
            let msg = message(w, club, None, !by_hand, false)?;
            store.renew_welcome(None, &[s.id], &msg, w.now, command, &what)?;
        }
        renewed.push(s.nation);
    }
    Ok(renewed)
}

/// Whether a welcome without the secret said it comes by hand (rather than that the
/// club keeps the one it has).
fn by_hand(store: &Store, id: i64, w: &Welcome, club: &Club) -> Result<bool> {
    let words = crate::words::from_env(w.env);
    let said = words.plain(club.lang, "welcome-secret-by-hand");
    let text = store
        .message_bytes(id)?
        .and_then(|raw| crate::mail::message::sender_and_text(&raw))
        .map(|(_, t)| t)
        .unwrap_or_default();
    let first_line = said.lines().next().unwrap_or_default();
    Ok(!first_line.is_empty() && text.contains(first_line))
}

/// A club's welcome sent again with a new secret (`giglio club secret --rotate`): the
/// welcome composed with it (`composed`: the secret and the message) queued in place of
/// any undelivered welcome of the club that still carries the old secret, so only the
/// new one goes out. Returns the new secret.
pub(crate) fn rotate(
    store: &mut Store,
    club: &Club,
    (secret, msg): (String, crate::storage::OutMessage),
    (now, command): (&str, &str),
) -> Result<String> {
    let replaced: Vec<i64> = stale_or_not(store, &club.nation)?;
    let hash = crate::auth::hash(&secret)?;
    let what = format!(
        "new secret issued to the club of {}, sent with its welcome{}",
        club.nation,
        if replaced.is_empty() {
            String::new()
        } else {
            format!(
                " (in place of {} undelivered welcome with the old one)",
                replaced.len()
            )
        }
    );
    store.renew_welcome(
        Some((&club.nation, &hash)),
        &replaced,
        &msg,
        now,
        command,
        &what,
    )?;
    Ok(secret)
}

/// The outbox ids of a club's undelivered welcomes that carry its secret.
fn stale_or_not(store: &Store, nation: &str) -> Result<Vec<i64>> {
    let ids: Vec<String> = store
        .undelivered_secrets()?
        .into_iter()
        .filter(|(n, _)| n == nation)
        .map(|(_, id)| id)
        .collect();
    Ok(store
        .outbox(Some(Status::Queued))?
        .into_iter()
        .filter(|r| ids.contains(&r.message_id))
        .map(|r| r.id)
        .collect())
}

/// What a welcome is written from besides the campaign: the open phase's world and
/// its deadline as clubs read it.
pub(crate) struct Opening {
    pub(crate) world: crate::rules::World,
    pub(crate) deadline: Option<String>,
}

/// The open phase's opening for the welcomes; `None` once the campaign is over.
pub(crate) fn opening(store: &Store, campaign: &crate::rules::Campaign) -> Result<Option<Opening>> {
    let current = store.current()?;
    if current.resolved_at.is_some() {
        return Ok(None);
    }
    let tz = super::deadline::zone(&campaign.time_zone)?;
    let deadline = store
        .deadline(&current.id.key())?
        .map(|d| super::deadline::display(&d, tz));
    Ok(Some(Opening {
        world: current.world,
        deadline,
    }))
}

/// What sending needs to write a welcome again.
pub(crate) struct Parts<'a> {
    pub(crate) env: &'a minijinja::Environment<'static>,
    pub(crate) config: &'a Config,
    pub(crate) campaign: &'a crate::rules::Campaign,
    pub(crate) definition: &'a std::collections::BTreeMap<String, String>,
}

/// Before the outbox is sent: every stale welcome written again (see [`renew_stale`]).
/// Returns the clubs welcomed afresh.
pub(crate) fn renew_before_sending(
    store: &mut Store,
    parts: &Parts,
    now: &str,
    command: &str,
) -> Result<Vec<String>> {
    if stale(store, parts.config)?.is_empty() {
        return Ok(Vec::new());
    }
    let Some(o) = opening(store, parts.campaign)? else {
        return Ok(Vec::new());
    };
    let w = Welcome {
        env: parts.env,
        config: parts.config,
        campaign: parts.campaign,
        world: &o.world,
        definition: parts.definition,
        deadline: o.deadline.as_deref(),
        now,
    };
    renew_stale(store, &w, command)
}
