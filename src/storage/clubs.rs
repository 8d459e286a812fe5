//! Clubs that change during a campaign: a club's name, addresses or language edited, a
//! nation handed to a new club, a club that leaves (its nation turns neutral, G0), and
//! the referee's announcements. Each is one transaction with its journal row and the
//! messages it queues.

use super::mail::queue_in;
use super::{Club, OutMessage, Store, canonical_json, corrupt, journal};
use crate::error::{Error, Result};
use crate::rules::{NationCode, World};
use rusqlite::{TransactionBehavior, params};

/// The referee's word to every club, as stored.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Announcement {
    pub(crate) phase: String,
    pub(crate) year: u16,
    pub(crate) text_it: String,
    pub(crate) text_en: String,
    /// Whether the year's chronicle carries it.
    pub(crate) in_chronicle: bool,
}

impl Store {
    /// Replaces a club's name, addresses and language, and queues the notice of it.
    pub(crate) fn edit_club(
        &mut self,
        club: &Club,
        notices: &[OutMessage],
        now: &str,
        command: &str,
        description: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let emails =
            serde_json::to_string(&club.emails).map_err(|e| Error::internal(e.to_string()))?;
        let n = tx.execute(
            "UPDATE club SET name = ?1, emails = ?2, lang = ?3 WHERE nation = ?4",
            params![club.name, emails, club.lang.as_str(), club.nation],
        )?;
        if n == 0 {
            return Err(Error::user(format!("no club plays `{}`", club.nation)));
        }
        queue_in(&tx, notices, now)?;
        journal(&tx, now, command, description, None)?;
        tx.commit().map_err(Error::from)
    }

    /// Hands a nation to a new club: its name, addresses, language and secret replace
    /// the old club's; the welcome and the farewell are queued with it.
    pub(crate) fn hand_over(
        &mut self,
        club: &Club,
        secret_hash: &str,
        messages: &[OutMessage],
        now: &str,
        command: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let emails =
            serde_json::to_string(&club.emails).map_err(|e| Error::internal(e.to_string()))?;
        let n = tx.execute(
            "UPDATE club SET name = ?1, emails = ?2, lang = ?3, secret_hash = ?4 WHERE nation = ?5",
            params![
                club.name,
                emails,
                club.lang.as_str(),
                secret_hash,
                club.nation
            ],
        )?;
        if n == 0 {
            return Err(Error::user(format!("no club plays `{}`", club.nation)));
        }
        queue_in(&tx, messages, now)?;
        journal(
            &tx,
            now,
            command,
            &format!(
                "{} handed to a new club, {} <{}>; new secret issued, welcome queued",
                club.nation,
                club.name,
                club.emails.join(", ")
            ),
            None,
        )?;
        tx.commit().map_err(Error::from)
    }

    /// A club leaves: its nation is neutral from the open phase on (G0: it gives no
    /// orders, its garrisons defend, its armies stand). The open phase's opening world
    /// loses the club, its order files for the phase stop counting, its secret stops
    /// working; the club keeps its row, so past reports still name it. Refused once the
    /// phase has taken a step (the steps were taken with the club playing).
    pub(crate) fn make_neutral(
        &mut self,
        nation: &str,
        farewell: &[OutMessage],
        now: &str,
        command: &str,
    ) -> Result<()> {
        let current = self.current()?;
        let key = current.id.key();
        if current.resolved_at.is_some() {
            return Err(Error::user("the campaign is over: no club can leave it"));
        }
        if current.steps > 0 {
            return Err(Error::user(format!(
                "{} has taken {} step{} with {nation} playing: resolve it first, then the club can leave from the next phase",
                current.id,
                current.steps,
                if current.steps == 1 { "" } else { "s" }
            )));
        }
        let code = NationCode::from(nation);
        if !current.opening.is_club(nation) {
            return Err(Error::user(format!(
                "{nation} is not played by a club (it is neutral already, or no nation)"
            )));
        }
        let mut opening: World = current.opening.clone();
        opening.clubs.remove(&code);
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "UPDATE phase SET world = ?1 WHERE key = ?2",
            params![canonical_json(&opening), key],
        )?;
        let withdrawn = tx.execute(
            "UPDATE orders SET active = 0 WHERE phase_key = ?1 AND nation = ?2 AND active = 1",
            params![key, nation],
        )?;
        tx.execute(
            "UPDATE club SET secret_hash = NULL WHERE nation = ?1",
            [nation],
        )?;
        tx.execute(
            "INSERT INTO club_change (phase_key, nation, change, at) VALUES (?1, ?2, 'neutral', ?3)",
            params![key, nation, now],
        )?;
        queue_in(&tx, farewell, now)?;
        journal(
            &tx,
            now,
            command,
            &format!(
                "the club of {nation} left: {nation} is neutral from {} on (G0){}",
                current.id,
                if withdrawn > 0 {
                    "; its order file for the phase no longer counts"
                } else {
                    ""
                }
            ),
            Some(&key),
        )?;
        tx.commit().map_err(Error::from)
    }

    /// The nations turned neutral at the opening of a phase by a club leaving.
    pub(crate) fn turned_neutral(&self, phase: &str) -> Result<Vec<String>> {
        let mut stmt = self
            .conn
            .prepare("SELECT nation FROM club_change WHERE phase_key = ?1 AND change = 'neutral' ORDER BY nation")?;
        let rows = stmt.query_map([phase], |r| r.get(0))?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// Stores the referee's announcement and queues it to every club.
    pub(crate) fn announce(
        &mut self,
        a: &Announcement,
        messages: &[OutMessage],
        now: &str,
        command: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO announcement (at, phase_key, year, text_it, text_en, in_chronicle) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![now, a.phase, a.year, a.text_it, a.text_en, a.in_chronicle],
        )?;
        let n = queue_in(&tx, messages, now)?;
        journal(
            &tx,
            now,
            command,
            &format!(
                "announcement to the clubs: {n} messages queued{}",
                if a.in_chronicle {
                    format!(", copied into the chronicle of {}", a.year)
                } else {
                    String::new()
                }
            ),
            Some(&a.phase),
        )?;
        tx.commit().map_err(Error::from)
    }

    /// The announcements a year's chronicle carries, oldest first.
    pub(crate) fn chronicle_announcements(&self, year: u16) -> Result<Vec<Announcement>> {
        let mut stmt = self
            .conn
            .prepare("SELECT phase_key, year, text_it, text_en, in_chronicle FROM announcement WHERE year = ?1 AND in_chronicle = 1 ORDER BY id")?;
        let rows = stmt.query_map([year], |r| {
            Ok(Announcement {
                phase: r.get(0)?,
                year: r.get(1)?,
                text_it: r.get(2)?,
                text_en: r.get(3)?,
                in_chronicle: r.get(4)?,
            })
        })?;
        rows.collect::<Result<Vec<_>, _>>()
            .map_err(|e| corrupt("announcement", e))
    }
}
