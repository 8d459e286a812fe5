//! Letters between clubs (G5.3): each letter a club sent, to whom, and the copies queued
//! to carry it; a copy's fate (queued, sent) is its outbox row's.

use super::Store;
use crate::error::{Error, Result};
use rusqlite::{OptionalExtension, Transaction, params};
use serde::Serialize;

/// A letter to record, with the copies queued beside it (in the same transaction).
#[derive(Clone, Debug)]
pub(crate) struct NewLetter {
    pub(crate) phase: String,
    pub(crate) sender: String,
    pub(crate) recipients: Vec<String>,
    pub(crate) anonymous: bool,
    pub(crate) text: String,
    pub(crate) seal: String,
    pub(crate) written_at: String,
    /// The club each copy goes to (`None`: the referee's) and its Message-ID.
    pub(crate) copies: Vec<(Option<String>, String)>,
}

/// One copy of a letter and where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LetterCopy {
    /// The club it goes to; `null` for the referee's copy.
    pub nation: Option<String>,
    pub message_id: String,
    /// `queued`, `sent` or `failed` (the outbox's), or `withdrawn` (undo took it back).
    pub status: String,
    /// When it went (RFC 3339), if it did.
    pub sent_at: Option<String>,
}

/// A letter as the campaign keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct LetterRow {
    pub id: i64,
    /// The phase open when it was read.
    pub phase: String,
    /// The writer's nation.
    pub sender: String,
    pub recipients: Vec<String>,
    /// Unsigned: its addressees were not told who wrote it.
    pub anonymous: bool,
    pub text: String,
    /// Hex SHA-256 of its addressees, signature and text.
    pub seal: String,
    /// The message that carried it (hex SHA-256 of its bytes).
    pub inbox_hash: String,
    pub written_at: String,
    pub received_at: String,
    /// When `undo` took it back before it went, if it did.
    pub withdrawn_at: Option<String>,
    pub copies: Vec<LetterCopy>,
    /// G5.3, by courier: where each addressee's courier stands (empty where letters go
    /// with the mail).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub couriers: Vec<CourierFate>,
}

/// Where one courier of a letter stands (G5.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CourierFate {
    /// The addressee it rides to.
    pub to: String,
    /// `waiting` (it sets out when its phase is resolved), `in_transit`, `delivered` or
    /// `lost`.
    pub status: String,
    /// The phase whose resolution delivered or lost it.
    pub phase: Option<String>,
    /// In transit: the summer rounds still to ride.
    pub rounds_left: Option<u8>,
    /// Lost: the node where a hostile army stood across its path (`null`: no path).
    pub lost_at: Option<String>,
    /// The clubs whose spy read it on the way.
    pub intercepted_by: Vec<String>,
}

/// Records letters and their copies inside the transaction that queues the copies.
pub(super) fn letters_in(
    tx: &Transaction,
    letters: &[NewLetter],
    inbox_hash: &str,
    received_at: &str,
) -> Result<()> {
    for l in letters {
        let recipients =
            serde_json::to_string(&l.recipients).map_err(|e| Error::internal(e.to_string()))?;
        tx.execute(
            "INSERT INTO letter (phase_key, sender, recipients, anonymous, text, seal, inbox_hash, written_at, received_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![l.phase, l.sender, recipients, l.anonymous, l.text, l.seal, inbox_hash, l.written_at, received_at],
        )?;
        let id = tx.last_insert_rowid();
        for (nation, message_id) in &l.copies {
            tx.execute(
                "INSERT OR IGNORE INTO letter_copy (letter_id, nation, message_id) VALUES (?1, ?2, ?3)",
                params![id, nation, message_id],
            )?;
        }
    }
    Ok(())
}

/// G5.3: copies of letters already recorded (a courier's, a spy's), queued with the
/// mail of the phase that carries them.
pub(super) fn copies_in(tx: &Transaction, copies: &[(i64, Option<String>, String)]) -> Result<()> {
    for (id, nation, message_id) in copies {
        tx.execute(
            "INSERT OR IGNORE INTO letter_copy (letter_id, nation, message_id) VALUES (?1, ?2, ?3)",
            params![id, nation, message_id],
        )?;
    }
    Ok(())
}

/// `undo`: the letters read while `phase` was open whose copies had not gone yet are
/// taken back (their copies leave the outbox); those already sent stay, as history.
/// Returns how many were taken back.
pub(super) fn withdraw_in(tx: &Transaction, phase: &str, now: &str) -> Result<usize> {
    let unsent = "SELECT l.id FROM letter l WHERE l.phase_key = ?1 AND l.withdrawn_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM letter_copy c JOIN outbox o ON o.message_id = c.message_id
                         WHERE c.letter_id = l.id AND o.status = 'sent')";
    tx.execute(
        &format!(
            "DELETE FROM outbox WHERE status != 'sent' AND message_id IN
             (SELECT message_id FROM letter_copy WHERE letter_id IN ({unsent}))"
        ),
        [phase],
    )?;
    let n = tx.execute(
        &format!("UPDATE letter SET withdrawn_at = ?2 WHERE id IN ({unsent})"),
        params![phase, now],
    )?;
    Ok(n)
}

impl Store {
    /// When the same letter (its seal) from `sender` was already read in `phase`, if it was.
    pub(crate) fn letter_sent(
        &self,
        phase: &str,
        sender: &str,
        seal: &str,
    ) -> Result<Option<String>> {
        Ok(self
            .conn
            .query_row(
                "SELECT received_at FROM letter
                 WHERE phase_key = ?1 AND sender = ?2 AND seal = ?3 AND withdrawn_at IS NULL",
                [phase, sender, seal],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// How many letters `sender` has sent in `phase`.
    pub(crate) fn letters_count(&self, phase: &str, sender: &str) -> Result<usize> {
        let n: i64 = self.conn.query_row(
            "SELECT COUNT(*) FROM letter WHERE phase_key = ?1 AND sender = ?2 AND withdrawn_at IS NULL",
            [phase, sender],
            |r| r.get(0),
        )?;
        Ok(n as usize)
    }

    /// Every letter, oldest first, with its copies.
    pub fn letters(&self) -> Result<Vec<LetterRow>> {
        let mut stmt = self.conn.prepare(
            "SELECT id, phase_key, sender, recipients, anonymous, text, seal, inbox_hash, written_at, received_at, withdrawn_at
             FROM letter ORDER BY id",
        )?;
        let rows = stmt
            .query_map([], |r| {
                Ok(LetterRow {
                    id: r.get(0)?,
                    phase: r.get(1)?,
                    sender: r.get(2)?,
                    recipients: serde_json::from_str(&r.get::<_, String>(3)?).unwrap_or_default(),
                    anonymous: r.get(4)?,
                    text: r.get(5)?,
                    seal: r.get(6)?,
                    inbox_hash: r.get(7)?,
                    written_at: r.get(8)?,
                    received_at: r.get(9)?,
                    withdrawn_at: r.get(10)?,
                    copies: Vec::new(),
                    couriers: Vec::new(),
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        let mut copies = self.conn.prepare(
            "SELECT c.nation, c.message_id, o.status, o.sent_at FROM letter_copy c
             LEFT JOIN outbox o ON o.message_id = c.message_id
             WHERE c.letter_id = ?1 ORDER BY c.nation IS NULL, c.nation",
        )?;
        let mut out = Vec::with_capacity(rows.len());
        for mut l in rows {
            l.copies = copies
                .query_map([l.id], |r| {
                    Ok(LetterCopy {
                        nation: r.get(0)?,
                        message_id: r.get(1)?,
                        status: r
                            .get::<_, Option<String>>(2)?
                            .unwrap_or_else(|| "withdrawn".to_owned()),
                        sent_at: r.get(3)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            out.push(l);
        }
        Ok(out)
    }
}
