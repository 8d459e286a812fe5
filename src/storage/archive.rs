//! Archiving delivered mail: the bytes of messages sent before a phase leave the
//! database for an mbox file the referee keeps, while each message's record stays
//! (Message-ID, recipients, when delivered, the SHA-256 of the bytes sent, where they
//! went), so an archived message can still be shown to be the one sent. And how large
//! the campaign file has grown.

use super::{Store, journal};
use crate::error::{Error, Result};
use rusqlite::{TransactionBehavior, params};
use sha2::Digest;

/// A delivered message whose bytes are still in the database.
#[derive(Clone, Debug)]
pub(crate) struct Archivable {
    pub(crate) id: i64,
    pub(crate) raw: Vec<u8>,
}

/// How large the campaign file is, and how much of it is delivered mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct Size {
    /// The database's pages, in bytes.
    pub(crate) database_bytes: u64,
    /// The bytes of delivered messages still held (archivable), as the file keeps them
    /// (packed since V19).
    pub sent_mail_bytes: u64,
    /// Delivered messages whose bytes went to an archive.
    pub archived_messages: u64,
}

impl Store {
    /// The delivered messages of the phases before `phase` (and those about no phase,
    /// written before it opened) whose bytes are still held, oldest first.
    pub(crate) fn archivable(&self, phase: &str) -> Result<Vec<Archivable>> {
        let opened: Option<(i64, String)> = self
            .conn
            .query_row(
                "SELECT seq, opened_at FROM phase WHERE key = ?1",
                [phase],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .map_err(|_| Error::user(format!("no phase `{phase}` in this campaign")))
            .map(Some)?;
        let Some((seq, opened_at)) = opened else {
            return Ok(Vec::new());
        };
        let mut stmt = self
            .conn
            .prepare(
                "SELECT o.id, b.raw, b.packed FROM outbox o JOIN outbox_raw b ON b.id = o.id
                 LEFT JOIN phase p ON p.key = o.phase_key
                 WHERE o.status = 'sent' AND o.archived_to IS NULL
                   AND ((p.seq IS NOT NULL AND p.seq < ?1) OR (o.phase_key IS NULL AND o.created_at < ?2)
                        OR (o.phase_key IS NOT NULL AND p.seq IS NULL AND o.created_at < ?2))
                 ORDER BY o.id",
            )?;
        let rows = stmt.query_map(params![seq, opened_at], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, Vec<u8>>(1)?,
                r.get::<_, bool>(2)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, raw, packed) = row?;
            out.push(Archivable {
                id,
                raw: super::mail::unpacked(raw, packed)?,
            });
        }
        Ok(out)
    }

    /// Records that the bytes of `messages` are in the archive `file`: each keeps the
    /// SHA-256 of the bytes sent (if not kept already) and loses its bytes (its row in
    /// `outbox_raw`), in one transaction. Returns how many were archived.
    /// Gives the space of archived mail back to the disk (`VACUUM`: the file is
    /// rewritten without its free pages; it needs the writer's lock and no reader).
    pub(crate) fn vacuum(&mut self) -> Result<()> {
        self.conn.execute_batch("VACUUM")?;
        Ok(())
    }

    pub(crate) fn mark_archived(
        &mut self,
        messages: &[Archivable],
        file: &str,
        now: &str,
        command: &str,
    ) -> Result<usize> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let mut n = 0;
        for m in messages {
            let sha = hex::encode(sha2::Sha256::digest(&m.raw));
            let done = tx
                .execute(
                    "UPDATE outbox SET sent_sha256 = coalesce(sent_sha256, ?2), archived_to = ?3, archived_at = ?4
                     WHERE id = ?1 AND status = 'sent' AND archived_to IS NULL",
                    params![m.id, sha, file, now],
                )?;
            if done == 1 {
                tx.execute("DELETE FROM outbox_raw WHERE id = ?1", [m.id])?;
            }
            n += done;
        }
        journal(
            &tx,
            now,
            command,
            &format!(
                "{} archived to {file}",
                super::counted(n, "delivered message", "delivered messages")
            ),
            None,
        )?;
        tx.commit()?;
        Ok(n)
    }

    /// The SHA-256 of the bytes sent for a delivered message and the archive holding
    /// them, if it was archived.
    pub fn sent_record(&self, message_id: &str) -> Result<Option<(String, Option<String>)>> {
        use rusqlite::OptionalExtension;
        let row: Option<(i64, Option<String>, Option<String>)> = self
            .conn
            .query_row(
                "SELECT id, sent_sha256, archived_to FROM outbox WHERE message_id = ?1 AND status = 'sent'",
                [message_id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        let Some((id, sha, to)) = row else {
            return Ok(None);
        };
        // Without a kept hash the bytes held are the ones sent.
        let sha = match sha {
            Some(sha) => sha,
            None => hex::encode(sha2::Sha256::digest(
                self.message_bytes(id)?.unwrap_or_default(),
            )),
        };
        Ok(Some((sha, to)))
    }

    /// How large the campaign file is, and how much of it is delivered mail.
    /// The file's free pages, in bytes: room left by deleted or shrunk rows, given back
    /// to the disk only by a VACUUM.
    pub(crate) fn free_bytes(&self) -> Result<u64> {
        let free: i64 = self
            .conn
            .query_row("PRAGMA freelist_count", [], |r| r.get(0))?;
        let page: i64 = self.conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        Ok((free * page).max(0) as u64)
    }

    pub fn size(&self) -> Result<Size> {
        let pages: i64 = self.conn.query_row("PRAGMA page_count", [], |r| r.get(0))?;
        let page: i64 = self.conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
        let (sent, archived): (i64, i64) = self.conn.query_row(
            "SELECT coalesce(sum(CASE WHEN o.status = 'sent' THEN length(b.raw) ELSE 0 END), 0),
                        count(o.archived_to) FROM outbox o LEFT JOIN outbox_raw b ON b.id = o.id",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        Ok(Size {
            database_bytes: (pages * page).max(0) as u64,
            sent_mail_bytes: sent.max(0) as u64,
            archived_messages: archived.max(0) as u64,
        })
    }
}
