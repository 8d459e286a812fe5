//! Files that arrived after their phase's deadline, and the referee's word on each
//! (`giglio late`): accepted (it counts, as it did), or refused (it stops counting and
//! the club's last file from before the deadline counts again).

use super::{OutMessage, Store, journal, mail};
use crate::error::{Error, Result};
use rusqlite::{TransactionBehavior, params};

/// A club's latest file for a phase that arrived after the deadline.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
pub struct LateFile {
    pub nation: String,
    /// When it reached the mailbox (RFC 3339 UTC).
    pub received_at: String,
    pub sha256: String,
    /// It is the file that counts now.
    pub active: bool,
    /// The referee's word: `accepted`, `refused`, or none yet.
    pub verdict: Option<String>,
}

/// What the referee decides of a late file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LateVerdict {
    Accept,
    Refuse,
}

/// What a stored order file the bot wrote for a nation in civil disorder says it came
/// from (`engine::disorder`): written at resolution, it never reached the mailbox, so
/// it is never a late file (a play-test's bot orders read "your file reached the mailbox
/// after the deadline").
pub(crate) const BOT_SOURCE: &str = "civil disorder: orders by the bot";

impl Store {
    /// Each club's latest file of `phase` that arrived after `deadline`, by nation (the
    /// bot's never: it was not mailed).
    pub fn late_files(&self, phase: &str, deadline: &str) -> Result<Vec<LateFile>> {
        let mut stmt = self.conn.prepare(
            "SELECT nation, received_at, sha256, active, late FROM orders
             WHERE phase_key = ?1 AND id IN (SELECT max(id) FROM orders WHERE phase_key = ?1 GROUP BY nation)
               AND substr(source, 1, length(?2)) <> ?2
             ORDER BY nation",
        )?;
        let rows = stmt.query_map([phase, BOT_SOURCE], |r| {
            Ok(LateFile {
                nation: r.get(0)?,
                received_at: r.get(1)?,
                sha256: r.get(2)?,
                active: r.get::<_, i64>(3)? == 1,
                verdict: r.get(4)?,
            })
        })?;
        let all: Vec<LateFile> = rows.collect::<Result<_, _>>()?;
        Ok(all
            .into_iter()
            .filter(|f| after(&f.received_at, deadline))
            .collect())
    }

    /// Records the referee's word on a club's late file of `phase`, with the club's
    /// notice, in one transaction. Refused, the file stops counting and the club's last
    /// file received by `deadline` (if any) counts again; accepted, it counts. The word
    /// may change while the phase is open (a play-test's referee refused a file by
    /// mistake and had no way back but `undo`); the same word twice is refused. Returns
    /// the file decided.
    pub(crate) fn decide_late(
        &mut self,
        (phase, deadline): (&str, &str),
        nation: &str,
        verdict: LateVerdict,
        notice: &[OutMessage],
        (now, command): (&str, &str),
    ) -> Result<LateFile> {
        let late = self
            .late_files(phase, deadline)?
            .into_iter()
            .find(|f| f.nation == nation)
            .ok_or_else(|| {
                Error::user(format!(
                    "{nation} sent no file after the deadline of {phase} ({deadline}): `giglio late` lists those that did"
                ))
            })?;
        let same = match verdict {
            LateVerdict::Accept => "accepted",
            LateVerdict::Refuse => "refused",
        };
        if late.verdict.as_deref() == Some(same) {
            return Err(Error::user(format!(
                "the late file of {nation} for {phase} is {} already",
                late.verdict.as_deref().unwrap_or_default()
            )));
        }
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id: i64 = tx.query_row(
            "SELECT max(id) FROM orders WHERE phase_key = ?1 AND nation = ?2",
            params![phase, nation],
            |r| r.get(0),
        )?;
        let what = match verdict {
            LateVerdict::Accept => {
                // A file refused before counts again, in place of the earlier one.
                tx.execute(
                    "UPDATE orders SET active = 0 WHERE phase_key = ?1 AND nation = ?2",
                    params![phase, nation],
                )?;
                tx.execute(
                    "UPDATE orders SET late = 'accepted', active = 1 WHERE id = ?1",
                    [id],
                )?;
                format!("the late file of {nation} for {phase} accepted: it counts")
            }
            LateVerdict::Refuse => {
                tx.execute(
                    "UPDATE orders SET late = 'refused', active = 0 WHERE id = ?1",
                    [id],
                )?;
                let earlier = {
                    let mut stmt = tx.prepare(
                        "SELECT id, received_at FROM orders WHERE phase_key = ?1 AND nation = ?2 ORDER BY id",
                    )?;
                    let rows = stmt.query_map(params![phase, nation], |r| {
                        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
                    })?;
                    let rows: Vec<(i64, String)> = rows.collect::<Result<_, _>>()?;
                    rows.into_iter()
                        .filter(|(_, at)| !after(at, deadline))
                        .map(|(id, _)| id)
                        .next_back()
                };
                if let Some(e) = earlier {
                    tx.execute("UPDATE orders SET active = 1 WHERE id = ?1", [e])?;
                }
                format!(
                    "the late file of {nation} for {phase} refused; {}",
                    if earlier.is_some() {
                        "its last file from before the deadline counts again"
                    } else {
                        "it has no file from before the deadline: its forces stand without orders"
                    }
                )
            }
        };
        mail::queue_in(&tx, notice, now)?;
        journal(&tx, now, command, &what, Some(phase))?;
        tx.commit()?;
        Ok(late)
    }
}

/// Whether RFC 3339 time `a` is strictly after `b` (unreadable times never are).
fn after(a: &str, b: &str) -> bool {
    match (
        chrono::DateTime::parse_from_rfc3339(a),
        chrono::DateTime::parse_from_rfc3339(b),
    ) {
        (Ok(a), Ok(b)) => a > b,
        _ => false,
    }
}
