//! Battles in the campaign file: results as they arrive (a club's, the auto-resolver's,
//! the referee's), clubs' orders of battle, and the steps of an open phase that apply a
//! settled result before the phase is resolved — each change one transaction.

use super::mail::{OutMessage, queue_in};
use super::{Store, StoredOob, StoredResult, corrupt, journal};
use crate::error::{Error, Result};
use crate::rules::battles::SetBy;
use crate::rules::dice::{Roll, Seed, phase_seed, seed_commitment};
use crate::rules::resolve::StepResolution;
use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};

/// A step of an open phase as stored: what it applied, the world after it and what
/// happened, its seed, dice and the messages it queued.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StepRow {
    pub(crate) phase: String,
    /// 1, 2, … in the order the steps were taken.
    pub(crate) n: u32,
    /// `battle`: a battle's settled result applied.
    pub(crate) kind: String,
    pub(crate) at: String,
    /// JSON of what the step applied (a battle's outcome).
    pub(crate) input: String,
    pub(crate) seed_commitment: String,
    /// Public once the phase is resolved, like the phase's own seed.
    pub(crate) revealed_seed: Option<String>,
    pub(crate) result: StepResolution,
    pub(crate) rolls: Vec<Roll>,
    /// Message-IDs of the mail the step queued (the update to each side).
    pub(crate) messages: Vec<String>,
}

/// A step to take in the open phase.
#[derive(Clone, Debug)]
pub(crate) struct NewStep {
    pub(crate) kind: String,
    pub(crate) input: String,
    pub(crate) result: StepResolution,
    pub(crate) rolls: Vec<Roll>,
    /// Message-IDs, among the messages saved with it, that belong to this step.
    pub(crate) messages: Vec<String>,
}

/// What arrives about battles in one go, saved in one transaction: results, orders of
/// battle, the steps they settle and the messages that tell the clubs.
#[derive(Clone, Debug, Default)]
pub(crate) struct Settlement {
    pub(crate) results: Vec<StoredResult>,
    /// The rolls of an auto-resolved result (the first of `results`).
    pub(crate) rolls: Vec<Roll>,
    pub(crate) oobs: Vec<StoredOob>,
    pub(crate) steps: Vec<NewStep>,
}

impl Settlement {
    /// Whether there is nothing to save.
    pub(crate) fn is_empty(&self) -> bool {
        self.results.is_empty() && self.oobs.is_empty() && self.steps.is_empty()
    }
}

/// The seed of a phase's step `n` taken under the phase's draw `draw`: derived from the
/// master seed as a phase's is, under its own name, so it tells nothing of the phase's.
pub(crate) fn step_seed(master: &Seed, phase: &str, n: u32, draw: u32) -> Seed {
    match draw {
        0 => phase_seed(master, &format!("{phase}/step-{n}")),
        d => phase_seed(master, &format!("{phase}/draw-{d}/step-{n}")),
    }
}

impl Store {
    /// Saves a settlement and its messages in one transaction. Returns the ids of the
    /// results recorded.
    pub(crate) fn settle(
        &mut self,
        s: &Settlement,
        messages: &[OutMessage],
        now: &str,
        command: &str,
    ) -> Result<Vec<i64>> {
        let master = self.master_seed()?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let ids = settle_in(&tx, &master, s, now, command)?;
        queue_in(&tx, messages, now)?;
        tx.commit()?;
        Ok(ids)
    }

    /// Returns the active results of a battle (the latest of each source), oldest first.
    pub fn results(&self, battle: &str) -> Result<Vec<StoredResult>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, battle, phase_key, source, received_at, outcome, detail FROM battle_result WHERE battle = ?1 AND active = 1 ORDER BY id")?;
        let rows = stmt.query_map([battle], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get::<_, String>(3)?,
                r.get(4)?,
                r.get::<_, String>(5)?,
                r.get(6)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, battle, phase, source, received_at, outcome, detail) = row?;
            out.push(StoredResult {
                id,
                battle,
                phase,
                source: crate::rules::battles::SetBy::from_stored(&source),
                received_at,
                outcome: serde_json::from_str(&outcome).map_err(|e| corrupt("battle result", e))?,
                detail,
            });
        }
        Ok(out)
    }

    /// Records a club's order of battle for a battle and ruleset (replacing its earlier one).
    pub(crate) fn record_oob(&mut self, oob: &StoredOob, command: &str) -> Result<()> {
        let s = Settlement {
            oobs: vec![oob.clone()],
            ..Settlement::default()
        };
        self.settle(&s, &[], &oob.received_at, command).map(|_| ())
    }

    /// Returns a club's latest order of battle for a battle and ruleset, as JSON.
    pub(crate) fn oob(&self, battle: &str, nation: &str, ruleset: &str) -> Result<Option<String>> {
        self.conn
            .query_row(
                "SELECT oob FROM battle_oob WHERE battle = ?1 AND nation = ?2 AND ruleset = ?3 AND active = 1 ORDER BY id DESC LIMIT 1",
                params![battle, nation, ruleset],
                |r| r.get(0),
            )
            .optional()
            .map_err(Error::from)
    }

    /// Returns the steps taken in a phase, in order.
    pub(crate) fn steps(&self, phase: &str) -> Result<Vec<StepRow>> {
        let mut stmt = self
            .conn
            .prepare("SELECT n, kind, at, input, seed_commitment, revealed_seed, result, rolls, messages FROM phase_step WHERE phase_key = ?1 ORDER BY n")?;
        let rows = stmt.query_map([phase], |r| {
            Ok((
                r.get::<_, u32>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, String>(6)?,
                r.get::<_, String>(7)?,
                r.get::<_, String>(8)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (n, kind, at, input, seed_commitment, revealed_seed, result, rolls, messages) =
                row?;
            out.push(StepRow {
                phase: phase.to_owned(),
                n,
                kind,
                at,
                input,
                seed_commitment,
                revealed_seed,
                result: serde_json::from_str(&result).map_err(|e| corrupt("phase step", e))?,
                rolls: serde_json::from_str(&rolls).map_err(|e| corrupt("step dice", e))?,
                messages: serde_json::from_str(&messages)
                    .map_err(|e| corrupt("step messages", e))?,
            });
        }
        Ok(out)
    }

    /// The open phase's last step, which `undo` takes back before anything else.
    pub(crate) fn undo_step_target(&self) -> Result<Option<StepRow>> {
        let current = self.current()?;
        if current.resolved_at.is_some() {
            return Ok(None);
        }
        Ok(self.steps(&current.id.key())?.pop())
    }

    /// Takes back the open phase's last step: its world is the one before it again, its
    /// messages not yet sent are withdrawn, `corrections` (to the clubs that received
    /// them) are queued. A referee's ruling or an auto-resolve the step applied is
    /// withdrawn with it (the referee's own act, taken back: the battle waits for its
    /// result again); the clubs' results stay recorded, as mail once read does, and the
    /// phase's resolution applies them unless a ruling replaces them.
    pub(crate) fn undo_step(
        &mut self,
        now: &str,
        command: &str,
        corrections: &[OutMessage],
    ) -> Result<StepRow> {
        let step = self
            .undo_step_target()?
            .ok_or_else(|| Error::user("the open phase has taken no step to undo"))?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "DELETE FROM phase_step WHERE phase_key = ?1 AND n = ?2",
            params![step.phase, step.n],
        )?;
        for id in &step.messages {
            tx.execute(
                "DELETE FROM outbox WHERE message_id = ?1 AND status != 'sent'",
                [id],
            )?;
        }
        let withdrawn = withdrawn_by_undo(&step);
        if let Some((battle, source)) = &withdrawn {
            tx.execute(
                "UPDATE battle_result SET active = 0 WHERE battle = ?1 AND source = ?2 AND active = 1",
                params![battle, source.to_string()],
            )?;
        }
        queue_in(&tx, corrections, now)?;
        journal(
            &tx,
            now,
            command,
            &format!(
                "undo {}, step {} ({}): the world is as before it; {}{} corrections queued",
                step.phase,
                step.n,
                step.kind,
                withdrawn.as_ref().map_or(String::new(), |(b, s)| format!(
                    "the result of battle {b} from {s} withdrawn; "
                )),
                corrections.len()
            ),
            Some(&step.phase),
        )?;
        tx.commit()?;
        Ok(step)
    }

    /// The seed of the open phase's step `n` (used only to take it).
    pub(crate) fn open_step_seed(&self, n: u32) -> Result<Seed> {
        let key = self.current()?.id.key();
        let draw = super::draw_of(&self.conn, &key)?;
        Ok(step_seed(&self.master_seed()?, &key, n, draw))
    }
}

/// The battle and source of the result a step applied when undoing the step withdraws it:
/// a referee's ruling or an auto-resolve (`Store::undo_step`); `None` for the clubs'
/// results and for steps of another kind.
pub(crate) fn withdrawn_by_undo(step: &StepRow) -> Option<(String, SetBy)> {
    use crate::rules::battles::{BattleOutcome, ResultSource};
    if step.kind != "battle" {
        return None;
    }
    let o: BattleOutcome = serde_json::from_str(&step.input).ok()?;
    let source = match o.source {
        ResultSource::Referee => SetBy::Referee,
        ResultSource::Auto => SetBy::Auto,
        ResultSource::Table => return None,
    };
    Some((o.battle, source))
}

/// Saves a settlement inside a transaction: each result replaces its source's earlier
/// one, each order of battle its club's for that battle and ruleset, each step is
/// numbered after the open phase's last. Returns the ids of the results.
pub(super) fn settle_in(
    tx: &Transaction,
    master: &Seed,
    s: &Settlement,
    now: &str,
    command: &str,
) -> Result<Vec<i64>> {
    let mut ids = Vec::new();
    for (i, r) in s.results.iter().enumerate() {
        let rolls = if i == 0 { s.rolls.as_slice() } else { &[] };
        ids.push(insert_result(tx, r, rolls, command)?);
    }
    for oob in &s.oobs {
        insert_oob(tx, oob, command)?;
    }
    for step in &s.steps {
        insert_step(tx, master, step, now, command)?;
    }
    Ok(ids)
}

fn insert_result(tx: &Transaction, r: &StoredResult, rolls: &[Roll], command: &str) -> Result<i64> {
    tx.execute(
        "UPDATE battle_result SET active = 0 WHERE battle = ?1 AND source = ?2",
        params![r.battle, r.source.to_string()],
    )?;
    let outcome = serde_json::to_string(&r.outcome).map_err(|e| Error::internal(e.to_string()))?;
    tx.execute(
        "INSERT INTO battle_result (battle, phase_key, source, received_at, outcome, detail, active) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1)",
        params![r.battle, r.phase, r.source.to_string(), r.received_at, outcome, r.detail],
    )?;
    let id = tx.last_insert_rowid();
    for d in rolls {
        tx.execute(
            "INSERT INTO battle_dice (result_id, seq, event, purpose, sides, value) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![id, d.seq, d.event.as_str(), d.purpose.as_str(), d.sides, d.value],
        )?;
    }
    let winner = r
        .outcome
        .winner
        .as_ref()
        .map_or("draw".to_owned(), ToString::to_string);
    journal(
        tx,
        &r.received_at,
        command,
        &format!(
            "result of battle {} from {}: winner {winner}, losses {}/{}",
            r.battle, r.source, r.outcome.attacker_loss, r.outcome.defender_loss
        ),
        Some(&r.phase),
    )?;
    Ok(id)
}

fn insert_oob(tx: &Transaction, oob: &StoredOob, command: &str) -> Result<()> {
    tx.execute(
        "UPDATE battle_oob SET active = 0 WHERE battle = ?1 AND nation = ?2 AND ruleset = ?3",
        params![oob.battle, oob.nation, oob.ruleset],
    )?;
    tx.execute(
        "INSERT INTO battle_oob (battle, nation, ruleset, phase_key, received_at, oob, active) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1)",
        params![oob.battle, oob.nation, oob.ruleset, oob.phase, oob.received_at, oob.json],
    )?;
    journal(
        tx,
        &oob.received_at,
        command,
        &format!(
            "order of battle of {} for battle {} ({})",
            oob.nation, oob.battle, oob.ruleset
        ),
        Some(&oob.phase),
    )
}

/// Adds a step to the open phase, numbered after its last.
fn insert_step(
    tx: &Transaction,
    master: &Seed,
    step: &NewStep,
    now: &str,
    command: &str,
) -> Result<()> {
    let key: String = tx
        .query_row(
            "SELECT key FROM phase WHERE seq = (SELECT max(seq) FROM phase) AND resolved_at IS NULL",
            [],
            |r| r.get(0),
        )
        .optional()?
        .ok_or_else(|| Error::user("no phase is open: a step needs an open phase"))?;
    let n: u32 = tx.query_row(
        "SELECT coalesce(max(n), 0) + 1 FROM phase_step WHERE phase_key = ?1",
        [&key],
        |r| r.get(0),
    )?;
    let draw = super::draw_of(tx, &key)?;
    tx.execute(
        "INSERT INTO phase_step (phase_key, n, kind, at, input, seed_commitment, result, rolls, messages, draw) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            key,
            n,
            step.kind,
            now,
            step.input,
            seed_commitment(&step_seed(master, &key, n, draw)),
            to_json(&step.result)?,
            to_json(&step.rolls)?,
            to_json(&step.messages)?,
            draw
        ],
    )?;
    journal(
        tx,
        now,
        command,
        &format!("{key}, step {n} ({}): {}", step.kind, step.input),
        Some(&key),
    )
}

fn to_json<T: serde::Serialize>(v: &T) -> Result<String> {
    serde_json::to_string(v).map_err(|e| Error::internal(e.to_string()))
}
