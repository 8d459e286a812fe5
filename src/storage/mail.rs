//! The outbox, the inbox and phase deadlines in the campaign database.
//!
//! A message is queued once, already rendered, in the same transaction as the change
//! it reports; delivery only ever reads the stored bytes and marks the row. The inbox
//! keys every message read by the hash of its bytes, and also remembers its Message-ID,
//! the hash of its bytes without trace headers, the hash of the order file it carried
//! and whether it authenticated, so neither re-reading a mailbox nor a copy re-delivered
//! by another route takes anything twice, and a forged Message-ID shadows nothing. Attempts that failed
//! authentication wait in `intake_attempt` for the end of the run's alerts.
//!
//! A message's bytes live in `outbox_raw`, beside its record in `outbox`: listing the
//! outbox or marking a message never reads or rewrites them.

use super::{Store, StoredOrders, insert_orders, journal};
use crate::error::{Error, Result};
use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};
use serde::Serialize;
use sha2::Digest as _;

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
    /// For a message that carries a secret: what is kept of it once delivered.
    pub redacted: Option<Vec<u8>>,
}

/// Where a queued message stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
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

/// A message in the outbox: its record, without its bytes ([`Store::message_bytes`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct OutboxRow {
    pub id: i64,
    pub message_id: String,
    pub phase: Option<String>,
    pub kind: String,
    pub nation: Option<String>,
    pub recipients: Vec<String>,
    pub subject: String,
    pub created_at: String,
    pub status: Status,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub sent_at: Option<String>,
}

/// What became of a message read from a mailbox.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct InboxRow {
    pub(crate) hash: String,
    pub(crate) received_at: String,
    pub source: String,
    pub(crate) sender: Option<String>,
    pub(crate) nation: Option<String>,
    /// `accepted`, `rejected`, `forged` or `ignored`.
    pub(crate) verdict: String,
    pub(crate) detail: String,
    pub(crate) orders_id: Option<i64>,
    /// Its Message-ID, without angle brackets.
    pub(crate) message_id: Option<String>,
    /// SHA-256 of its bytes without trace headers (`Received:`…).
    pub(crate) content_hash: Option<String>,
    /// When it was written: its `Date:`, never later than its arrival (RFC 3339 UTC).
    pub(crate) written_at: Option<String>,
    /// SHA-256 of the order file it carried, if it carried one.
    pub(crate) file_sha256: Option<String>,
    /// Whether it came from its club's address with its club's secret.
    pub(crate) authenticated: bool,
}

/// A message that failed authentication (or was not an order message at all), waiting
/// for the run's alerts. Holds nothing of the message's subject or body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct Attempt {
    pub(crate) id: i64,
    pub(crate) received_at: String,
    pub(crate) phase: String,
    /// The club it claimed to be.
    pub(crate) nation: Option<String>,
    /// Its sender address, control characters removed, cut to a sane length.
    pub(crate) sender: Option<String>,
    /// A code the alert turns into words: `not-its-address`, `bad-secret`…
    pub(crate) reason: String,
    /// How the club hears of it.
    pub(crate) answer: Answered,
    /// Where the message was read from (a Maildir file, an mbox's place, an IMAP
    /// message), so the referee can find a club's question in the mailbox.
    pub(crate) source: Option<String>,
}

/// How a club hears of a message in its name that did not authenticate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Answered {
    /// Not from the club's address: the club's one alert of the phase.
    Alert,
    /// From the club's address, among the first replies: a reply of its own.
    Sent,
    /// From the club's address, past the first replies: the club's daily digest.
    Digest,
}

impl Answered {
    fn as_str(self) -> &'static str {
        match self {
            Answered::Alert => "alert",
            Answered::Sent => "sent",
            Answered::Digest => "digest",
        }
    }

    fn parse(s: &str) -> Answered {
        match s {
            "sent" => Answered::Sent,
            "digest" => Answered::Digest,
            _ => Answered::Alert,
        }
    }
}

/// What the run's end settles about attempts, in one transaction.
pub(crate) struct Settle<'a> {
    /// Attempts the referee's digest now covers.
    pub(crate) referee: &'a [i64],
    /// Attempts the clubs now hear of (their alert or their digest).
    pub(crate) clubs: &'a [i64],
    /// (phase, club) pairs alerted now: at most once a phase.
    pub(crate) alerted: &'a [(String, String)],
    /// (phase, club) pairs sent a digest now.
    pub(crate) digested: &'a [(String, String)],
    /// Of the attempts the referee's digest covers, how many their club was already
    /// answered one by one when they arrived.
    pub(crate) answered: usize,
    pub(crate) msgs: &'a [OutMessage],
}

/// One message read, with everything it changes: saved in one transaction.
pub(crate) struct Ingest<'a> {
    pub(crate) inbox: InboxRow,
    /// The order file to submit, if the message is accepted.
    pub(crate) orders: Option<&'a StoredOrders>,
    /// Battle results and orders of battle it carries, with the steps they settle.
    pub(crate) settlement: Option<&'a super::Settlement>,
    /// Receipts, rejections and alerts it causes.
    pub(crate) replies: &'a [OutMessage],
    /// An attempt to report at the end of the run: `(phase, reason, how the club hears)`.
    pub(crate) attempt: Option<(String, String, Answered)>,
    /// When the message reached the mailbox (the inbox row's time is when it was read):
    /// the time an attempt is reported with.
    pub(crate) arrived_at: &'a str,
    /// A file that authenticated: the club's count of replies to unauthenticated mail in
    /// this (phase, club) starts again.
    pub(crate) reset: Option<(String, String)>,
    /// G5.3: the letters it carries that go, their copies among `replies`.
    pub(crate) letters: &'a [super::NewLetter],
    /// G6.3: the extension it was granted (the clubs' notices among `replies`).
    pub(crate) extension: Option<&'a Granted>,
    pub(crate) command: &'a str,
}

/// G6.3: an extension granted to a club: the deadline of `phase` moves from `before`
/// to `after`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Granted {
    pub(crate) phase: String,
    pub(crate) nation: String,
    pub(crate) hours: u32,
    pub(crate) reason: String,
    pub(crate) before: String,
    pub(crate) after: String,
}

/// Marks one queued message sent inside a transaction; returns 1 if it was queued.
fn mark_sent_in(tx: &Transaction, id: i64, now: &str) -> Result<usize> {
    // A message that carried a secret keeps only its redacted copy and the SHA-256 of
    // the bytes that went out.
    let secret: Option<Vec<u8>> = tx
        .query_row(
            "SELECT b.raw FROM outbox_raw b JOIN outbox o ON o.id = b.id
             WHERE b.id = ?1 AND o.status = 'queued' AND b.redacted IS NOT NULL",
            params![id],
            |r| r.get(0),
        )
        .optional()?;
    let n = tx
        .execute(
            "UPDATE outbox SET status = 'sent', sent_at = ?2, attempts = attempts + 1, last_error = NULL
             WHERE id = ?1 AND status = 'queued'",
            params![id, now],
        )?;
    if let Some(raw) = secret {
        let sent = hex::encode(sha2::Sha256::digest(&raw));
        tx.execute(
            "UPDATE outbox_raw SET raw = redacted, redacted = NULL WHERE id = ?1",
            params![id],
        )?;
        tx.execute(
            "UPDATE outbox SET sent_sha256 = ?2 WHERE id = ?1",
            params![id, sent],
        )?;
    }
    if n == 1 {
        pack_in(tx, id)?;
    }
    Ok(n)
}

/// Deflates a delivered message's bytes where they are kept (V19): nothing will send
/// them again, and what reads them (`message_bytes`, the archive) inflates them.
fn pack_in(tx: &Transaction, id: i64) -> Result<()> {
    let raw: Option<Vec<u8>> = tx
        .query_row(
            "SELECT raw FROM outbox_raw WHERE id = ?1 AND packed = 0",
            params![id],
            |r| r.get(0),
        )
        .optional()?;
    if let Some(raw) = raw {
        tx.execute(
            "UPDATE outbox_raw SET raw = ?2, packed = 1 WHERE id = ?1",
            params![id, pack(&raw)?],
        )?;
    }
    Ok(())
}

/// zlib at the default level: about a third of a report's bytes, at some 30 ms a
/// megabyte, paid when a message is marked delivered, never while a phase is resolved.
fn pack(raw: &[u8]) -> Result<Vec<u8>> {
    use std::io::Write;
    let mut z = flate2::write::ZlibEncoder::new(
        Vec::with_capacity(raw.len() / 2),
        flate2::Compression::default(),
    );
    z.write_all(raw)
        .and_then(|()| z.finish())
        .map_err(|e| Error::internal(format!("packing a delivered message: {e}")))
}

/// A message's bytes as stored, inflated if they were packed.
pub(super) fn unpacked(raw: Vec<u8>, packed: bool) -> Result<Vec<u8>> {
    if !packed {
        return Ok(raw);
    }
    use std::io::Read;
    let mut out = Vec::with_capacity(raw.len() * 3);
    flate2::read::ZlibDecoder::new(raw.as_slice())
        .read_to_end(&mut out)
        .map_err(|e| {
            Error::internal(format!(
                "a delivered message's packed bytes do not read: {e}"
            ))
        })?;
    Ok(out)
}

/// Inserts messages into the outbox inside a transaction. A message whose Message-ID
/// is already there is skipped: queueing the same message twice changes nothing.
pub(super) fn queue_in(tx: &Transaction, msgs: &[OutMessage], now: &str) -> Result<usize> {
    let mut n = 0;
    for m in msgs {
        let recipients =
            serde_json::to_string(&m.recipients).map_err(|e| Error::internal(e.to_string()))?;
        let new = tx
            .execute(
                "INSERT OR IGNORE INTO outbox (message_id, phase_key, kind, nation, recipients, subject, created_at, status)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'queued')",
                params![m.message_id, m.phase, m.kind, m.nation, recipients, m.subject, now],
            )?;
        if new == 1 {
            tx.execute(
                "INSERT INTO outbox_raw (id, redacted, raw) VALUES (?1, ?2, ?3)",
                params![tx.last_insert_rowid(), m.redacted, m.raw],
            )?;
        }
        n += new;
    }
    Ok(n)
}

impl Store {
    /// Queues messages (receipts, reminders) in their own transaction; returns how many
    /// were new.
    pub fn queue(&mut self, msgs: &[OutMessage], now: &str, command: &str) -> Result<usize> {
        self.queue_noted(msgs, now, command, &|n| {
            super::counted(n, "message", "messages") + " queued"
        })
    }

    /// Queues messages as [`Store::queue`] does, the journal saying what they are
    /// (`what` of how many were new, written when at least one was).
    pub(crate) fn queue_noted(
        &mut self,
        msgs: &[OutMessage],
        now: &str,
        command: &str,
        what: &dyn Fn(usize) -> String,
    ) -> Result<usize> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let n = queue_in(&tx, msgs, now)?;
        if n > 0 {
            journal(&tx, now, command, &what(n), None)?;
        }
        tx.commit()?;
        Ok(n)
    }

    /// Whether a message with this Message-ID was ever queued.
    pub(crate) fn has_message(&self, message_id: &str) -> Result<bool> {
        self.conn
            .query_row(
                "SELECT 1 FROM outbox WHERE message_id = ?1",
                [message_id],
                |_| Ok(()),
            )
            .optional()
            .map(|r| r.is_some())
            .map_err(Error::from)
    }

    /// How many messages are in one status, counted in outbox_by_status alone (the
    /// rows, with every message's bytes, are not read).
    pub(crate) fn outbox_count(&self, status: Status) -> Result<usize> {
        self.conn
            .query_row(
                "SELECT count(*) FROM outbox INDEXED BY outbox_by_status WHERE status = ?1",
                [status.as_str()],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n as usize)
            .map_err(Error::from)
    }

    /// Returns the outbox's records, oldest first, optionally only rows in one status.
    pub fn outbox(&self, status: Option<Status>) -> Result<Vec<OutboxRow>> {
        let sql = if status.is_some() {
            "SELECT id, message_id, phase_key, kind, nation, recipients, subject, created_at, status, attempts, last_error, sent_at
             FROM outbox INDEXED BY outbox_by_status WHERE status = ?1 ORDER BY id"
        } else {
            "SELECT id, message_id, phase_key, kind, nation, recipients, subject, created_at, status, attempts, last_error, sent_at
             FROM outbox WHERE ?1 IS NULL ORDER BY id"
        };
        let mut stmt = self.conn.prepare(sql)?;
        let rows = stmt.query_map([status.map(Status::as_str)], |r| {
            let recipients: String = r.get(5)?;
            let status: String = r.get(8)?;
            Ok(OutboxRow {
                id: r.get(0)?,
                message_id: r.get(1)?,
                phase: r.get(2)?,
                kind: r.get(3)?,
                nation: r.get(4)?,
                recipients: serde_json::from_str(&recipients).unwrap_or_default(),
                subject: r.get(6)?,
                created_at: r.get(7)?,
                status: Status::parse(&status),
                attempts: r.get(9)?,
                last_error: r.get(10)?,
                sent_at: r.get(11)?,
            })
        })?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// The bytes of a message, as stored: what is sent (or, for a delivered message that
    /// carried a secret, its redacted copy). `None` once they went to an archive.
    pub fn message_bytes(&self, id: i64) -> Result<Option<Vec<u8>>> {
        let stored: Option<(Vec<u8>, bool)> = self
            .conn
            .query_row(
                "SELECT raw, packed FROM outbox_raw WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        stored
            .map(|(raw, packed)| unpacked(raw, packed))
            .transpose()
    }

    /// The SHA-256 of the bytes that went out, for a delivered message whose stored bytes
    /// are now the copy kept of it (a welcome, a receipt) or went to an archive.
    pub fn sent_sha256(&self, id: i64) -> Result<Option<String>> {
        self.conn
            .query_row("SELECT sent_sha256 FROM outbox WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .map_err(Error::from)
    }

    /// Marks a message sent: the server accepted it. Only a queued message moves, so
    /// two senders racing cannot both count it.
    pub fn mark_sent(&mut self, id: i64, now: &str) -> Result<bool> {
        Ok(self.mark_all_sent(&[id], now)? == 1)
    }

    /// Marks messages sent in one transaction (files written to a folder, all synced):
    /// one durable commit for the lot. Returns how many moved from the queue.
    pub(crate) fn mark_all_sent(&mut self, ids: &[i64], now: &str) -> Result<usize> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut n = 0;
        for &id in ids {
            n += mark_sent_in(&tx, id, now)?;
        }
        tx.commit()?;
        Ok(n)
    }

    /// Returns the queued messages that still hold a club's secret (welcomes not yet
    /// delivered), as (club, Message-ID).
    pub(crate) fn undelivered_secrets(&self) -> Result<Vec<(String, String)>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT COALESCE(o.nation, ''), o.message_id FROM outbox o JOIN outbox_raw b ON b.id = o.id
                 WHERE b.redacted IS NOT NULL AND o.kind = 'welcome' ORDER BY o.id",
            )?;
        let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// Records a failed attempt: `permanent` failures (5xx) are marked failed; the
    /// others stay queued for the next try.
    pub(crate) fn mark_attempt(&mut self, id: i64, error: &str, permanent: bool) -> Result<()> {
        let status = if permanent { "failed" } else { "queued" };
        self.conn
            .execute(
                "UPDATE outbox SET attempts = attempts + 1, last_error = ?2, status = ?3 WHERE id = ?1 AND status = 'queued'",
                params![id, error, status],
            )?;
        Ok(())
    }

    /// Puts failed messages back in the queue (`giglio mail retry`). Their last error is
    /// cleared, so `mail status` shows them as they are: queued, not failed with a
    /// stale reply (the journal keeps the errors, and the count of tries stays).
    pub(crate) fn requeue_failed(&mut self, now: &str, command: &str) -> Result<usize> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let errors: Vec<String> = {
            let mut stmt = tx
                .prepare("SELECT message_id, coalesce(last_error, '') FROM outbox WHERE status = 'failed' ORDER BY id")?;
            let rows = stmt.query_map([], |r| {
                Ok(format!(
                    "{}: {}",
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?
                ))
            })?;
            rows.collect::<Result<_, _>>()?
        };
        let n = tx.execute(
            "UPDATE outbox SET status = 'queued', last_error = NULL WHERE status = 'failed'",
            [],
        )?;
        let mut detail = super::counted(n, "failed message", "failed messages") + " queued again";
        for e in &errors {
            detail.push_str(&format!("; {e}"));
        }
        journal(&tx, now, command, &detail, None)?;
        tx.commit()?;
        Ok(n)
    }

    /// Returns what became of a message already read, by the hash of its bytes.
    pub(crate) fn inbox_seen(&self, hash: &str) -> Result<Option<InboxRow>> {
        self.conn
            .query_row(
                &format!("SELECT {INBOX_COLUMNS} FROM inbox WHERE hash = ?1"),
                [hash],
                inbox_row,
            )
            .optional()
            .map_err(Error::from)
    }

    /// Returns the hash of an earlier copy of a message: the same bytes but for trace
    /// headers, or an authenticated message with the same Message-ID from the same
    /// sender that carried the same order file ([`Copy`]).
    pub(crate) fn inbox_copy(&self, of: &Copy) -> Result<Option<String>> {
        copy_in(&self.conn, of)
    }

    /// When the message that carried a club's active file for a phase was written (its
    /// inbox row's `written_at`; the file's arrival when it came another way), with the
    /// file itself.
    pub(crate) fn active_file(
        &self,
        phase: &str,
        nation: &str,
    ) -> Result<Option<(String, StoredOrders)>> {
        let active = self
            .orders(phase, true)?
            .into_iter()
            .find(|o| o.nation == nation);
        let Some(o) = active else { return Ok(None) };
        let written: Option<String> = self
            .conn
            .query_row(
                "SELECT written_at FROM inbox WHERE orders_id = ?1",
                [o.id],
                |r| r.get(0),
            )
            .optional()?
            .flatten();
        Ok(Some((written.unwrap_or_else(|| o.received_at.clone()), o)))
    }

    /// Attempts no alert has covered yet, oldest first.
    pub(crate) fn pending_attempts(&self) -> Result<Vec<(Attempt, bool, bool)>> {
        let mut stmt = self.conn.prepare(
            "SELECT a.id, a.received_at, a.phase_key, a.nation, a.sender, a.reason, a.club_told,
                    a.referee_told, a.answer, i.source
                 FROM intake_attempt a LEFT JOIN inbox i ON i.hash = a.hash
                 WHERE a.club_told = 0 OR a.referee_told = 0 ORDER BY a.id",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((
                Attempt {
                    id: r.get(0)?,
                    received_at: r.get(1)?,
                    phase: r.get(2)?,
                    nation: r.get(3)?,
                    sender: r.get(4)?,
                    reason: r.get(5)?,
                    answer: Answered::parse(&r.get::<_, String>(8)?),
                    source: r.get(9)?,
                },
                r.get(6)?,
                r.get(7)?,
            ))
        })?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// How many replies to unauthenticated mail from a club's address went one by one
    /// during a phase since the club's last authenticated file.
    pub(crate) fn replies_counted(&self, phase: &str, nation: &str) -> Result<usize> {
        self.conn
            .query_row(
                "SELECT count(*) FROM intake_attempt
                 WHERE phase_key = ?1 AND nation = ?2 AND answer = 'sent' AND counted = 1",
                [phase, nation],
                |r| r.get::<_, i64>(0),
            )
            .map(|n| n as usize)
            .map_err(Error::from)
    }

    /// When a club was last sent a digest of the attempts of a phase, if ever.
    pub(crate) fn club_digested(&self, phase: &str, nation: &str) -> Result<Option<String>> {
        self.conn
            .query_row(
                "SELECT at FROM intake_club_digest WHERE phase_key = ?1 AND nation = ?2",
                [phase, nation],
                |r| r.get(0),
            )
            .optional()
            .map_err(Error::from)
    }

    /// Whether a club was already alerted about attempts during a phase.
    pub(crate) fn club_alerted(&self, phase: &str, nation: &str) -> Result<bool> {
        self.conn
            .query_row(
                "SELECT 1 FROM intake_alerted WHERE phase_key = ?1 AND nation = ?2",
                [phase, nation],
                |_| Ok(()),
            )
            .optional()
            .map(|o| o.is_some())
            .map_err(Error::from)
    }

    /// Queues the run's alerts and marks the attempts they cover, in one transaction:
    /// `alerted` are the (phase, club) pairs now told.
    pub(crate) fn settle_attempts(&mut self, s: Settle, now: &str, command: &str) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        for id in s.referee {
            tx.execute(
                "UPDATE intake_attempt SET referee_told = 1 WHERE id = ?1",
                [id],
            )?;
        }
        for id in s.clubs {
            tx.execute(
                "UPDATE intake_attempt SET club_told = 1 WHERE id = ?1",
                [id],
            )?;
        }
        for (phase, nation) in s.alerted {
            tx.execute(
                "INSERT OR IGNORE INTO intake_alerted (phase_key, nation) VALUES (?1, ?2)",
                [phase, nation],
            )?;
        }
        for (phase, nation) in s.digested {
            tx.execute(
                "INSERT INTO intake_club_digest (phase_key, nation, at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (phase_key, nation) DO UPDATE SET at = excluded.at",
                [phase, nation, &now.to_owned()],
            )?;
        }
        let n = queue_in(&tx, s.msgs, now)?;
        journal(
            &tx,
            now,
            command,
            &format!(
                "{} reported to the referee ({} already answered to the club one by one); {} and {} to clubs; {} queued",
                super::counted(
                    s.referee.len(),
                    "message not accepted",
                    "messages not accepted"
                ),
                s.answered,
                super::counted(s.alerted.len(), "alert", "alerts"),
                super::counted(s.digested.len(), "digest", "digests"),
                super::counted(n, "message", "messages"),
            ),
            None,
        )?;
        tx.commit().map_err(Error::from)
    }

    /// Returns every message read, oldest first.
    pub fn inbox(&self) -> Result<Vec<InboxRow>> {
        let mut stmt = self.conn.prepare(&format!(
            "SELECT {INBOX_COLUMNS} FROM inbox ORDER BY received_at, rowid"
        ))?;
        let rows = stmt.query_map([], inbox_row)?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// Saves one message read: its inbox row, the orders it submits, the replies it
    /// causes, all or nothing. Returns `false` (and changes nothing) if the message was
    /// already read.
    pub(crate) fn ingest(&mut self, i: Ingest) -> Result<bool> {
        let master = self.master_seed()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        crate::failpoint::hit("ingest.begun");
        let seen: Option<String> = tx
            .query_row(
                "SELECT hash FROM inbox WHERE hash = ?1",
                [&i.inbox.hash],
                |r| r.get(0),
            )
            .optional()?;
        let r = &i.inbox;
        let copy = match &r.content_hash {
            Some(c) => copy_in(
                &tx,
                &Copy {
                    message_id: r.message_id.as_deref(),
                    sender: r.sender.as_deref(),
                    content_hash: c,
                    file_sha256: r.file_sha256.as_deref(),
                },
            )?,
            None => None,
        };
        if seen.is_some() || copy.is_some() {
            return Ok(false);
        }
        let orders_id = match i.orders {
            Some(o) => Some(insert_orders(&tx, o, i.command)?),
            None => None,
        };
        if let Some(s) = i.settlement {
            super::battles::settle_in(&tx, &master, s, &i.inbox.received_at, i.command)?;
        }
        tx.execute(
            "INSERT INTO inbox (hash, received_at, source, sender, nation, verdict, detail, orders_id, message_id, content_hash, written_at, file_sha256, authenticated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            params![r.hash, r.received_at, r.source, r.sender, r.nation, r.verdict, r.detail, orders_id, r.message_id, r.content_hash, r.written_at, r.file_sha256, r.authenticated],
        )?;
        if let Some((phase, reason, answer)) = &i.attempt {
            // A reply of its own tells the club now; the others wait for the run's end.
            let club_told = *answer == Answered::Sent;
            tx.execute(
                "INSERT INTO intake_attempt (hash, received_at, phase_key, nation, sender, reason, answer, club_told)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                params![r.hash, i.arrived_at, phase, r.nation, r.sender, reason, answer.as_str(), club_told],
            )?;
        }
        if let Some((phase, nation)) = &i.reset {
            tx.execute(
                "UPDATE intake_attempt SET counted = 0 WHERE phase_key = ?1 AND nation = ?2 AND counted = 1",
                [phase, nation],
            )?;
        }
        crate::failpoint::hit("ingest.inbox_saved");
        queue_in(&tx, i.replies, &r.received_at)?;
        super::letters::letters_in(&tx, i.letters, &r.hash, &r.received_at)?;
        if let Some(g) = i.extension {
            set_deadline_in(&tx, &g.phase, &g.after)?;
            tx.execute(
                "INSERT INTO extension (phase_key, nation, hours, reason, before, after, granted_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![g.phase, g.nation, g.hours, g.reason, g.before, g.after, r.received_at],
            )?;
            journal(
                &tx,
                &r.received_at,
                i.command,
                &format!(
                    "{} granted an extension of {} h: the deadline of {} moves from {} to {}",
                    g.nation, g.hours, g.phase, g.before, g.after
                ),
                Some(&g.phase),
            )?;
        }
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
        tx.commit()?;
        crate::failpoint::hit("ingest.committed");
        Ok(true)
    }

    /// Sets a phase's deadline (RFC 3339).
    pub(crate) fn set_deadline(
        &mut self,
        phase: &str,
        at: &str,
        now: &str,
        command: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        set_deadline_in(&tx, phase, at)?;
        journal(
            &tx,
            now,
            command,
            &format!("deadline of {phase} set to {at}"),
            Some(phase),
        )?;
        tx.commit().map_err(Error::from)
    }

    /// G6.3: how many extensions a club was granted in the phases whose keys start with
    /// `year` (`1494-`).
    pub(crate) fn extensions_granted(&self, nation: &str, year: &str) -> Result<u32> {
        let n: i64 = self.conn.query_row(
            "SELECT count(*) FROM extension WHERE nation = ?1 AND substr(phase_key, 1, length(?2)) = ?2",
            params![nation, year],
            |r| r.get(0),
        )?;
        Ok(u32::try_from(n).unwrap_or(u32::MAX))
    }

    /// Returns a phase's deadline (RFC 3339), if one is set.
    pub(crate) fn deadline(&self, phase: &str) -> Result<Option<String>> {
        self.conn
            .query_row(
                "SELECT at FROM deadline WHERE phase_key = ?1",
                [phase],
                |r| r.get(0),
            )
            .optional()
            .map_err(Error::from)
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
            .prepare("SELECT phase_key, at FROM deadline ORDER BY phase_key")?;
        let deadlines =
            stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        for d in deadlines {
            let (phase, at) = d?;
            out.push_str(&format!("deadline {phase} {at}\n"));
        }
        for m in self.outbox(None)? {
            // An archived message has no bytes here: the hash of none, as when they
            // were kept as an empty value.
            let raw = self.message_bytes(m.id)?.unwrap_or_default();
            out.push_str(&format!(
                "outbox {} {} {} {} {} to {} sha256 {} subject {}\n",
                m.message_id,
                m.phase.as_deref().unwrap_or("-"),
                m.kind,
                m.nation.as_deref().unwrap_or("-"),
                m.status.as_str(),
                m.recipients.join(","),
                hex::encode(sha2::Sha256::digest(&raw)),
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
    )?;
    Ok(())
}

const INBOX_COLUMNS: &str = "hash, received_at, source, sender, nation, verdict, detail, orders_id, message_id, content_hash, written_at, file_sha256, authenticated";

/// What tells a message for a copy of one already read.
pub(crate) struct Copy<'a> {
    /// Its Message-ID, without angle brackets.
    pub(crate) message_id: Option<&'a str>,
    pub(crate) sender: Option<&'a str>,
    /// SHA-256 of its bytes without trace headers.
    pub(crate) content_hash: &'a str,
    /// SHA-256 of the order file it carries, if it carries one.
    pub(crate) file_sha256: Option<&'a str>,
}

/// An earlier copy of a message: the same content without trace headers; or the same
/// Message-ID from the same sender (compared without case) on a message that
/// authenticated and carried the same order file. A Message-ID alone proves nothing (a
/// forger writes any): an unauthenticated message never shadows a later one, and a
/// corrected file re-sent under its Message-ID is read.
fn copy_in(conn: &rusqlite::Connection, of: &Copy) -> Result<Option<String>> {
    let by_content: Option<String> = conn
        .query_row(
            "SELECT hash FROM inbox WHERE content_hash = ?1 LIMIT 1",
            [of.content_hash],
            |r| r.get(0),
        )
        .optional()?;
    if by_content.is_some() {
        return Ok(by_content);
    }
    let (Some(id), Some(file)) = (of.message_id, of.file_sha256) else {
        return Ok(None);
    };
    conn.query_row(
        "SELECT hash FROM inbox WHERE message_id = ?1 AND lower(coalesce(sender, '')) = lower(coalesce(?2, ''))
         AND authenticated = 1 AND file_sha256 = ?3 LIMIT 1",
        params![id, of.sender, file],
        |r| r.get(0),
    )
    .optional()
    .map_err(Error::from)
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
        message_id: r.get(8)?,
        content_hash: r.get(9)?,
        written_at: r.get(10)?,
        file_sha256: r.get(11)?,
        authenticated: r.get(12)?,
    })
}
