//! The outbox, the inbox and phase deadlines in the campaign database.
//!
//! A message is queued once, already rendered, in the same transaction as the change
//! it reports; delivery only ever reads the stored bytes and marks the row. The inbox
//! keys every message read by the hash of its bytes, so re-reading a mailbox takes
//! nothing twice.

use super::{Store, StoredOrders, db_err, insert_orders, journal};
use crate::error::{Error, Result};
use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};
use serde::Serialize;

/// A message ready to queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutMessage {
    /// Without angle brackets; unique.
    pub message_id: String,
    pub phase: Option<String>,
    pub kind: String,
    /// The club it goes to; `None` for the referee.
    pub nation: Option<String>,
    pub recipients: Vec<String>,
    pub subject: String,
    pub raw: Vec<u8>,
}

/// Where a queued message stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Queued,
    Sent,
    Failed,
}

impl Status {
    fn as_str(self) -> &'static str {
        match self {
            Status::Queued => "queued",
            Status::Sent => "sent",
            Status::Failed => "failed",
        }
    }

    fn parse(s: &str) -> Status {
        match s {
            "sent" => Status::Sent,
            "failed" => Status::Failed,
            _ => Status::Queued,
        }
    }
}

/// A message in the outbox.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OutboxRow {
    pub id: i64,
    pub message_id: String,
    pub phase: Option<String>,
    pub kind: String,
    pub nation: Option<String>,
    pub recipients: Vec<String>,
    pub subject: String,
    #[serde(skip)]
    pub raw: Vec<u8>,
    pub created_at: String,
    pub status: Status,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub sent_at: Option<String>,
}

/// What became of a message read from a mailbox.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InboxRow {
    pub hash: String,
    pub received_at: String,
    pub source: String,
    pub sender: Option<String>,
    pub nation: Option<String>,
    /// `accepted`, `rejected`, `forged` or `ignored`.
    pub verdict: String,
    pub detail: String,
    pub orders_id: Option<i64>,
}

/// One message read, with everything it changes: saved in one transaction.
pub struct Ingest<'a> {
    pub inbox: InboxRow,
    /// The order file to submit, if the message is accepted.
    pub orders: Option<&'a StoredOrders>,
    /// Receipts, rejections and alerts it causes.
    pub replies: &'a [OutMessage],
    pub command: &'a str,
}

/// Inserts messages into the outbox inside a transaction. A message whose Message-ID
/// is already there is skipped: queueing the same message twice changes nothing.
pub(super) fn queue_in(tx: &Transaction, msgs: &[OutMessage], now: &str) -> Result<usize> {
    let mut n = 0;
    for m in msgs {
        let recipients =
            serde_json::to_string(&m.recipients).map_err(|e| Error::Internal(e.to_string()))?;
        n += tx
            .execute(
                "INSERT OR IGNORE INTO outbox (message_id, phase_key, kind, nation, recipients, subject, raw, created_at, status)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'queued')",
                params![m.message_id, m.phase, m.kind, m.nation, recipients, m.subject, m.raw, now],
            )
            .map_err(db_err)?;
    }
    Ok(n)
}

impl Store {
    /// Queues messages (receipts, reminders) in their own transaction; returns how many
    /// were new.
    pub fn queue(&mut self, msgs: &[OutMessage], now: &str, command: &str) -> Result<usize> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        let n = queue_in(&tx, msgs, now)?;
        if n > 0 {
            journal(&tx, now, command, &format!("{n} messages queued"), None)?;
        }
        tx.commit().map_err(db_err)?;
        Ok(n)
    }

    /// Returns the outbox, oldest first, optionally only rows in one status.
    pub fn outbox(&self, status: Option<Status>) -> Result<Vec<OutboxRow>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT id, message_id, phase_key, kind, nation, recipients, subject, raw, created_at, status, attempts, last_error, sent_at
                 FROM outbox WHERE ?1 IS NULL OR status = ?1 ORDER BY id",
            )
            .map_err(db_err)?;
        let rows = stmt
            .query_map([status.map(Status::as_str)], |r| {
                let recipients: String = r.get(5)?;
                let status: String = r.get(9)?;
                Ok(OutboxRow {
                    id: r.get(0)?,
                    message_id: r.get(1)?,
                    phase: r.get(2)?,
                    kind: r.get(3)?,
                    nation: r.get(4)?,
                    recipients: serde_json::from_str(&recipients).unwrap_or_default(),
                    subject: r.get(6)?,
                    raw: r.get(7)?,
                    created_at: r.get(8)?,
                    status: Status::parse(&status),
                    attempts: r.get(10)?,
                    last_error: r.get(11)?,
                    sent_at: r.get(12)?,
                })
            })
            .map_err(db_err)?;
        rows.collect::<Result<_, _>>().map_err(db_err)
    }

    /// Marks a message sent: the server accepted it. Only a queued message moves, so
    /// two senders racing cannot both count it.
    pub fn mark_sent(&mut self, id: i64, now: &str) -> Result<bool> {
        let n = self
            .conn
            .execute(
                "UPDATE outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1, last_error = NULL
                 WHERE id = ?1 AND status = 'queued'",
                params![id, now],
            )
            .map_err(db_err)?;
        Ok(n == 1)
    }

    /// Records a failed attempt: `permanent` failures (5xx) are marked failed; the
    /// others stay queued for the next try.
    pub fn mark_attempt(&mut self, id: i64, error: &str, permanent: bool) -> Result<()> {
        let status = if permanent { "failed" } else { "queued" };
        self.conn
            .execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, status = ?3 WHERE id = ?1 AND status = 'queued'",
                params![id, error, status],
            )
            .map_err(db_err)?;
        Ok(())
    }

    /// Puts failed messages back in the queue (`giglio mail retry`). Their last error is
    /// cleared, so `mail status` shows them as they are: queued, not failed with a
    /// stale reply (the journal keeps the errors, and the count of tries stays).
    pub fn requeue_failed(&mut self, now: &str, command: &str) -> Result<usize> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        let errors: Vec<String> = {
            let mut stmt = tx
                .prepare("SELECT message_id, coalesce(last_error, '') FROM outbox WHERE status = 'failed' ORDER BY id")
                .map_err(db_err)?;
            let rows = stmt
                .query_map([], |r| {
                    Ok(format!(
                        "{}: {}",
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?
                    ))
                })
                .map_err(db_err)?;
            rows.collect::<Result<_, _>>().map_err(db_err)?
        };
        let n = tx
            .execute(
                "UPDATE outbox SET status = 'queued', last_error = NULL WHERE status = 'failed'",
                [],
            )
            .map_err(db_err)?;
        let mut detail = format!("{n} failed messages queued again");
        for e in &errors {
            detail.push_str(&format!("; {e}"));
        }
        journal(&tx, now, command, &detail, None)?;
        tx.commit().map_err(db_err)?;
        Ok(n)
    }

    /// Returns what became of a message already read, by the hash of its bytes.
    pub fn inbox_seen(&self, hash: &str) -> Result<Option<InboxRow>> {
        self.conn
            .query_row(
                "SELECT hash, received_at, source, sender, nation, verdict, detail, orders_id FROM inbox WHERE hash = ?1",
                [hash],
                inbox_row,
            )
            .optional()
            .map_err(db_err)
    }

    /// Returns every message read, oldest first.
    pub fn inbox(&self) -> Result<Vec<InboxRow>> {
        let mut stmt = self
            .conn
            .prepare("SELECT hash, received_at, source, sender, nation, verdict, detail, orders_id FROM inbox ORDER BY received_at, rowid")
            .map_err(db_err)?;
        let rows = stmt.query_map([], inbox_row).map_err(db_err)?;
        rows.collect::<Result<_, _>>().map_err(db_err)
    }

    /// Saves one message read: its inbox row, the orders it submits, the replies it
    /// causes, all or nothing. Returns `false` (and changes nothing) if the message was
    /// already read.
    pub fn ingest(&mut self, i: Ingest) -> Result<bool> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        crate::failpoint::hit("ingest.begun");
        let seen: Option<String> = tx
            .query_row(
                "SELECT hash FROM inbox WHERE hash = ?1",
                [&i.inbox.hash],
                |r| r.get(0),
            )
            .optional()
            .map_err(db_err)?;
        if seen.is_some() {
            return Ok(false);
        }
        let orders_id = match i.orders {
            Some(o) => Some(insert_orders(&tx, o, i.command)?),
            None => None,
        };
        let r = &i.inbox;
        tx.execute(
            "INSERT INTO inbox (hash, received_at, source, sender, nation, verdict, detail, orders_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![r.hash, r.received_at, r.source, r.sender, r.nation, r.verdict, r.detail, orders_id],
        )
        .map_err(db_err)?;
        crate::failpoint::hit("ingest.inbox_saved");
        queue_in(&tx, i.replies, &r.received_at)?;
        journal(
            &tx,
            &r.received_at,
            i.command,
            &format!(
                "message {} from {} read: {} ({})",
                &r.hash[..12.min(r.hash.len())],
                r.sender.as_deref().unwrap_or("unknown sender"),
                r.verdict,
                r.detail
            ),
            None,
        )?;
        crate::failpoint::hit("ingest.before_commit");
        tx.commit().map_err(db_err)?;
        crate::failpoint::hit("ingest.committed");
        Ok(true)
    }

    /// Sets a phase's deadline (RFC 3339).
    pub fn set_deadline(&mut self, phase: &str, at: &str, now: &str, command: &str) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)
            .map_err(db_err)?;
        set_deadline_in(&tx, phase, at)?;
        journal(
            &tx,
            now,
            command,
            &format!("deadline of {phase} set to {at}"),
            Some(phase),
        )?;
        tx.commit().map_err(db_err)
    }

    /// Returns a phase's deadline (RFC 3339), if one is set.
    pub fn deadline(&self, phase: &str) -> Result<Option<String>> {
        self.conn
            .query_row(
                "SELECT at FROM deadline WHERE phase_key = ?1",
                [phase],
                |r| r.get(0),
            )
            .optional()
            .map_err(db_err)
    }
}

impl Store {
    /// Appends the mail tables to a canonical dump: deadlines, then the outbox (each
    /// message by the hash of its bytes, and whether it went), then the inbox's
    /// verdicts. When a row was written or sent, the tries a server needed and where a
    /// message was read from are history, not state, and are left out.
    pub(super) fn dump_mail(&self, out: &mut String) -> Result<()> {
        use sha2::Digest;
        let mut stmt = self
            .conn
            .prepare("SELECT phase_key, at FROM deadline ORDER BY phase_key")
            .map_err(db_err)?;
        let deadlines = stmt
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(db_err)?;
        for d in deadlines {
            let (phase, at) = d.map_err(db_err)?;
            out.push_str(&format!("deadline {phase} {at}\n"));
        }
        for m in self.outbox(None)? {
            out.push_str(&format!(
                "outbox {} {} {} {} {} to {} sha256 {} subject {}\n",
                m.message_id,
                m.phase.as_deref().unwrap_or("-"),
                m.kind,
                m.nation.as_deref().unwrap_or("-"),
                m.status.as_str(),
                m.recipients.join(","),
                hex::encode(sha2::Sha256::digest(&m.raw)),
                m.subject
            ));
        }
        for i in self.inbox()? {
            out.push_str(&format!(
                "inbox {} {} from {} club {} ({})\n",
                i.hash,
                i.verdict,
                i.sender.as_deref().unwrap_or("-"),
                i.nation.as_deref().unwrap_or("-"),
                i.detail
            ));
        }
        Ok(())
    }
}

pub(super) fn set_deadline_in(tx: &Transaction, phase: &str, at: &str) -> Result<()> {
    tx.execute(
        "INSERT INTO deadline (phase_key, at) VALUES (?1, ?2) ON CONFLICT (phase_key) DO UPDATE SET at = excluded.at",
        params![phase, at],
    )
    .map_err(db_err)?;
    Ok(())
}

fn inbox_row(r: &rusqlite::Row) -> rusqlite::Result<InboxRow> {
    Ok(InboxRow {
        hash: r.get(0)?,
        received_at: r.get(1)?,
        source: r.get(2)?,
        sender: r.get(3)?,
        nation: r.get(4)?,
        verdict: r.get(5)?,
        detail: r.get(6)?,
        orders_id: r.get(7)?,
    })
}
