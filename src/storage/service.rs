//! What the unattended referee (`giglio run`) keeps between passes: when it last
//! looked, what it means to do next, and the referee's hold on the clock. Each change is
//! one transaction with its journal row.

use super::{Store, journal, mail::set_deadline_in};
use crate::error::{Error, Result};
use rusqlite::{OptionalExtension, TransactionBehavior, params};

/// The service's record, as stored.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ServiceState {
    /// The clock at the end of the last pass (RFC 3339).
    pub(crate) last_pass: Option<String>,
    /// When the service means to act next, and what it will do then.
    pub(crate) next_at: Option<String>,
    pub(crate) next_what: Option<String>,
    /// The referee stopped the clock (`giglio hold`) at this time, for this reason.
    pub(crate) held_since: Option<String>,
    pub(crate) hold_reason: Option<String>,
}

/// When the clock was held, inside a transaction.
fn held_since(tx: &rusqlite::Transaction) -> Result<Option<String>> {
    Ok(tx
        .query_row("SELECT held_since FROM service WHERE id = 1", [], |r| {
            r.get(0)
        })
        .optional()?
        .flatten())
}

impl Store {
    /// The service's record (all empty before the first pass).
    pub(crate) fn service(&self) -> Result<ServiceState> {
        self.conn
            .query_row(
                "SELECT last_pass, next_at, next_what, held_since, hold_reason FROM service WHERE id = 1",
                [],
                |r| {
                    Ok(ServiceState {
                        last_pass: r.get(0)?,
                        next_at: r.get(1)?,
                        next_what: r.get(2)?,
                        held_since: r.get(3)?,
                        hold_reason: r.get(4)?,
                    })
                },
            )
            .optional()
            .map(Option::unwrap_or_default)
            .map_err(Error::from)
    }

    /// Records the end of a pass and what comes next. Not journalled: a pass that did
    /// nothing leaves no row (each action of a pass has its own).
    pub(crate) fn record_pass(&mut self, now: &str, next: Option<(&str, &str)>) -> Result<()> {
        self.conn.execute(
            "INSERT INTO service (id, last_pass, next_at, next_what) VALUES (1, ?1, ?2, ?3)
             ON CONFLICT (id) DO UPDATE SET last_pass = excluded.last_pass,
                 next_at = excluded.next_at, next_what = excluded.next_what",
            params![now, next.map(|n| n.0), next.map(|n| n.1)],
        )?;
        Ok(())
    }

    /// Replaces the plan the last pass recorded (what comes next, and when), where a
    /// pass was recorded: `resume` does, as the plan of a pass made while the clock was
    /// held said "nothing" (a play-test's `status` read "nothing scheduled" beside a
    /// phase `resume` had just said the next pass would resolve).
    pub(crate) fn record_plan(&mut self, next: Option<(&str, &str)>) -> Result<()> {
        self.conn.execute(
            "UPDATE service SET next_at = ?1, next_what = ?2 WHERE id = 1",
            params![next.map(|n| n.0), next.map(|n| n.1)],
        )?;
        Ok(())
    }

    /// Stops the clock: the service resolves nothing and reminds no one until `resume`.
    /// Returns false when it was held already (the first hold's time stands).
    pub(crate) fn hold(
        &mut self,
        reason: &str,
        notices: &[super::OutMessage],
        now: &str,
        command: &str,
    ) -> Result<bool> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let held = held_since(&tx)?;
        if held.is_some() {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO service (id, held_since, hold_reason) VALUES (1, ?1, ?2)
             ON CONFLICT (id) DO UPDATE SET held_since = excluded.held_since,
                 hold_reason = excluded.hold_reason",
            params![now, reason],
        )?;
        super::mail::queue_in(&tx, notices, now)?;
        journal(&tx, now, command, &format!("clock held: {reason}"), None)?;
        tx.commit()?;
        Ok(true)
    }

    /// Lifts the hold and sets the open deadlines moved on (`moved`: phase key and new
    /// time), queuing the notices, in one transaction. Returns when the hold began, or
    /// `None` when the clock was not held.
    pub(crate) fn resume(
        &mut self,
        moved: &[(String, String)],
        notices: &[super::OutMessage],
        last_pass: Option<&str>,
        now: &str,
        command: &str,
    ) -> Result<Option<String>> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let held = held_since(&tx)?;
        let Some(since) = held else {
            return Ok(None);
        };
        tx.execute(
            "UPDATE service SET held_since = NULL, hold_reason = NULL WHERE id = 1",
            [],
        )?;
        if let Some(last) = last_pass {
            tx.execute(
                "UPDATE service SET last_pass = ?1 WHERE id = 1",
                params![last],
            )?;
        }
        for (phase, at) in moved {
            set_deadline_in(&tx, phase, at)?;
        }
        super::mail::queue_in(&tx, notices, now)?;
        journal(
            &tx,
            now,
            command,
            &format!("clock resumed (held since {since})"),
            None,
        )?;
        tx.commit()?;
        Ok(Some(since))
    }

    /// Records nations falling into civil disorder: the bot's order files for them (if
    /// the bot plays) and the notices, in one transaction with its journal row.
    pub(crate) fn record_disorder(
        &mut self,
        orders: &[super::StoredOrders],
        notices: &[super::OutMessage],
        now: &str,
        command: &str,
        why: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        for o in orders {
            super::insert_orders(&tx, o, command)?;
        }
        super::mail::queue_in(&tx, notices, now)?;
        journal(&tx, now, command, why, None)?;
        tx.commit()?;
        Ok(())
    }

    /// Moves open deadlines on after an outage of the service, queuing the notices and
    /// recording the pass, in one transaction: a crash leaves them all as they were.
    pub(crate) fn move_deadlines(
        &mut self,
        moved: &[(String, String)],
        notices: &[super::OutMessage],
        now: &str,
        command: &str,
        why: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        for (phase, at) in moved {
            set_deadline_in(&tx, phase, at)?;
        }
        super::mail::queue_in(&tx, notices, now)?;
        tx.execute(
            "INSERT INTO service (id, last_pass) VALUES (1, ?1)
             ON CONFLICT (id) DO UPDATE SET last_pass = excluded.last_pass",
            params![now],
        )?;
        journal(&tx, now, command, why, None)?;
        tx.commit()?;
        Ok(())
    }
}
