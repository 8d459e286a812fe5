//! The campaign's SQLite file: one per campaign directory.
//!
//! Every state change is one `BEGIN IMMEDIATE` transaction with a journal row. The
//! world at the opening of every phase is kept, so `undo` restores the previous phase
//! exactly. A lock file refuses a second writing process with
//! [`ErrorKind::Busy`](crate::error::ErrorKind::Busy).
//!
//! Storage persists and loads values; it makes no rules decisions.

mod archive;
mod backup;
mod battles;
mod clubs;
mod dice_log;
mod late;
mod letters;
mod lock;
mod mail;
mod schema;
mod service;
#[cfg(test)]
mod upgrade_tests;
mod withdrawn;
pub use dice_log::{DieSource, LoggedDie};

pub(crate) use archive::Size;
pub(crate) use backup::{Checked as BackupChecked, check as check_backup};
pub(crate) use battles::{NewStep, Settlement, StepRow, step_seed, withdrawn_by_undo};
pub(crate) use clubs::Announcement;
pub(crate) use letters::NewLetter;
pub use letters::{CourierFate, LetterCopy, LetterRow};
pub(crate) use service::ServiceState;

pub(crate) use mail::{Answered, Attempt, Copy, Granted, InboxRow, Ingest, Settle};
pub use mail::{OutMessage, OutboxRow, Status};

pub(crate) use late::BOT_SOURCE;
pub use late::{LateFile, LateVerdict};
pub(crate) use lock::Lock;

/// Clubs are a domain type (`scenario::clubs`); storage keeps them.
pub use crate::scenario::clubs::Club;

use crate::error::{Error, Result};
use crate::rules::battles::BattleOutcome;
use crate::rules::dice::{Roll, Seed, phase_seed, seed_commitment};
use crate::rules::resolve::Resolution;
use crate::rules::tables::Lang;
use crate::rules::{PhaseId, World};
use rusqlite::{Connection, OpenFlags, OptionalExtension, TransactionBehavior, params};
use serde::Serialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The database file's name inside a campaign directory.
pub const DB_FILE: &str = "giglio.sqlite";

/// One phase as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseRow {
    pub(crate) seq: i64,
    pub id: PhaseId,
    pub(crate) definition_hash: String,
    pub seed_commitment: String,
    pub(crate) opened_at: String,
    pub(crate) resolved_at: Option<String>,
    pub revealed_seed: Option<String>,
    /// The world as it stands: after the phase's last step, if it has taken any.
    pub world: World,
    /// The world at the opening of the phase, as stored.
    pub opening: World,
    /// How many steps the phase has taken.
    pub steps: u32,
}

/// One journal row.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct JournalRow {
    pub(crate) id: i64,
    pub(crate) at: String,
    pub(crate) command: String,
    pub description: String,
    pub(crate) phase: Option<String>,
}

/// An order file as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredOrders {
    pub id: i64,
    pub phase: String,
    pub nation: String,
    pub received_at: String,
    pub source: String,
    pub sha256: String,
    pub text: String,
    pub active: bool,
}

/// A battle result as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StoredResult {
    pub(crate) id: i64,
    pub(crate) battle: String,
    pub phase: String,
    /// Who set it (stored as a club's nation code, `auto` or `referee`).
    pub source: crate::rules::battles::SetBy,
    pub(crate) received_at: String,
    pub(crate) outcome: BattleOutcome,
    pub(crate) detail: Option<String>,
}

/// A club's order of battle as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct StoredOob {
    pub(crate) battle: String,
    pub(crate) nation: String,
    pub(crate) ruleset: String,
    pub(crate) phase: String,
    pub(crate) received_at: String,
    /// JSON of the units and leaders.
    pub(crate) json: String,
}

/// What a new campaign starts from.
pub struct NewCampaign<'a> {
    pub name: &'a str,
    pub master_seed: Seed,
    /// File name → text of the definition.
    pub definition: &'a BTreeMap<String, String>,
    pub definition_hash: &'a str,
    pub clubs: &'a [Club],
    /// Nation → stored hash of the club's secret.
    pub secrets: &'a BTreeMap<String, String>,
    pub world: &'a World,
    pub now: &'a str,
    pub command: &'a str,
}

/// The result of resolving one phase, saved in one transaction.
pub struct Advance<'a> {
    /// The world at the opening of the next phase, or `None` when the campaign ends.
    pub next: Option<&'a World>,
    /// Outcomes, events and ledger of the phase (its `next` is not stored here).
    pub resolution: Option<&'a Resolution>,
    pub rolls: &'a [Roll],
    pub now: &'a str,
    pub command: &'a str,
    pub description: &'a str,
    /// Reports of the phase, rendered and queued in the same transaction.
    pub outbox: &'a [OutMessage],
    /// The deadline of the phase that opens (RFC 3339), if the campaign sets one.
    pub deadline: Option<&'a str>,
    /// The definition the phase was resolved with (its hash and files), when the caller
    /// knows it: a referee who edited `rules.toml` since the phase opened resolves with
    /// the edit, and `audit` must replay with the same.
    pub definition: Option<(&'a str, &'a BTreeMap<String, String>)>,
    /// G5.3: the copies of letters the outbox carries (letter id, club, Message-ID):
    /// those couriers brought or spies read, recorded beside the letter.
    pub letters: &'a [(i64, Option<String>, String)],
}

/// An open campaign database.
pub struct Store {
    conn: Connection,
    /// Held for the life of a writing store.
    _lock: Option<Lock>,
}

fn corrupt(what: &str, e: impl std::fmt::Display) -> Error {
    Error::internal(format!(
        "stored {what} cannot be read back ({e}); the campaign file may be damaged"
    ))
    .with_hint("restore the last backup that `giglio backup` made (the manual's \"Backups and restoring one\" says how)")
}

impl Store {
    /// Creates a new campaign database in `dir` (which must not hold one already).
    pub fn create(dir: &Path, new: NewCampaign) -> Result<Store> {
        std::fs::create_dir_all(dir).map_err(|e| Error::io_at(dir, e))?;
        let lock = Lock::acquire(dir, new.command)?;
        let path = dir.join(DB_FILE);
        if path.exists() {
            return Err(Error::user(format!(
                "{} already holds a campaign ({}); choose another directory",
                dir.display(),
                path.display()
            )));
        }
        let mut store = Store::connect(
            &path,
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE,
            Some(lock),
        )?;
        let files =
            serde_json::to_string(new.definition).map_err(|e| Error::internal(e.to_string()))?;
        let first = new.world.phase;
        let tx = store
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute(
            "INSERT INTO campaign (id, name, master_seed, created_at) VALUES (1, ?1, ?2, ?3)",
            params![new.name, &new.master_seed[..], new.now],
        )?;
        tx.execute(
            "INSERT INTO definition (hash, files) VALUES (?1, ?2)",
            params![new.definition_hash, files],
        )?;
        for club in new.clubs {
            let emails =
                serde_json::to_string(&club.emails).map_err(|e| Error::internal(e.to_string()))?;
            tx.execute(
                "INSERT INTO club (nation, name, emails, lang, secret_hash) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![club.nation, club.name, emails, club.lang.as_str(), new.secrets.get(&club.nation)],
            )?;
        }
        insert_phase(
            &tx,
            &new.master_seed,
            new.world,
            new.definition_hash,
            new.now,
        )?;
        journal(
            &tx,
            new.now,
            new.command,
            &format!("new campaign `{}`, opening {first}", new.name),
            Some(&first.key()),
        )?;
        tx.commit()?;
        Ok(store)
    }

    /// Opens a campaign to read it: no lock is taken.
    pub fn open_read(dir: &Path) -> Result<Store> {
        let path = Store::existing(dir)?;
        Store::connect(&path, OpenFlags::SQLITE_OPEN_READ_WRITE, None)
    }

    /// Opens a campaign to change it; refused with
    /// [`ErrorKind::Busy`](crate::error::ErrorKind::Busy) while another process writes it.
    pub fn open_write(dir: &Path, command: &str) -> Result<Store> {
        let path = Store::existing(dir)?;
        let lock = Lock::acquire(dir, command)?;
        Store::connect(&path, OpenFlags::SQLITE_OPEN_READ_WRITE, Some(lock))
    }

    fn existing(dir: &Path) -> Result<PathBuf> {
        let path = dir.join(DB_FILE);
        if path.is_file() {
            Ok(path)
        } else {
            Err(Error::user(format!(
                "no campaign in {}: there is no {DB_FILE}",
                dir.display()
            ))
            .with_hint(format!(
                "create one with `giglio new {}`, or point at one with `-C DIR`",
                dir.display()
            )))
        }
    }

    fn connect(path: &Path, flags: OpenFlags, lock: Option<Lock>) -> Result<Store> {
        let mut conn =
            Connection::open_with_flags(path, flags | OpenFlags::SQLITE_OPEN_NO_MUTEX)
                .map_err(|e| Error::io(format!("cannot open {}", path.display())).with_source(e))?;
        if flags.contains(OpenFlags::SQLITE_OPEN_CREATE) {
            // Most of a campaign file is mail, messages of some 600 KB: 16 KiB pages
            // write and read each in a quarter of the pages (and calls) of the default
            // 4 KiB. Only a new file takes it, and only before WAL is set; an older
            // campaign keeps its pages.
            conn.pragma_update(None, "page_size", 16384)?;
        }
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_millis(200))?;
        schema::newer_than_this_giglio(&conn, path)?;
        schema::migrations()
            .to_latest(&mut conn)
            .map_err(|e| match e {
                rusqlite_migration::Error::RusqliteError { err, .. } => Error::from(err),
                other => Error::io("the campaign database cannot be migrated").with_source(other),
            })?;
        Ok(Store { conn, _lock: lock })
    }

    /// Returns the campaign's name.
    pub(crate) fn name(&self) -> Result<String> {
        self.conn
            .query_row("SELECT name FROM campaign WHERE id = 1", [], |r| r.get(0))
            .map_err(Error::from)
    }

    fn master_seed(&self) -> Result<Seed> {
        master_seed_in(&self.conn)
    }

    /// Returns the seed of the open phase (used only to resolve it).
    pub fn phase_seed(&self) -> Result<Seed> {
        let key = self.current_key()?;
        Ok(drawn_seed(
            &self.master_seed()?,
            &key,
            draw_of(&self.conn, &key)?,
        ))
    }

    /// Returns the commitment (hex SHA-256) of a phase's seed: public before the phase
    /// is resolved, so clubs can check the seed revealed afterwards.
    pub(crate) fn seed_commitment_of(&self, key: &str) -> Result<String> {
        let seed = drawn_seed(&self.master_seed()?, key, draw_of(&self.conn, key)?);
        Ok(seed_commitment(&seed))
    }

    /// How many times phase `key`'s dice were drawn anew (see [`Store::redrawn_commitment`]).
    pub(crate) fn draw(&self, key: &str) -> Result<u32> {
        draw_of(&self.conn, key)
    }

    /// The seed phase `key` had at its draw `draw`, revealed by a resolution that was
    /// undone since; `None` if there was none.
    pub(crate) fn spent_seed(&self, key: &str, draw: u32) -> Result<Option<Seed>> {
        let hex: Option<String> = self
            .conn
            .query_row(
                "SELECT seed FROM seed_spent WHERE phase_key = ?1 AND draw = ?2",
                params![key, draw],
                |r| r.get(0),
            )
            .optional()?;
        Ok(hex
            .and_then(|h| hex::decode(h).ok())
            .and_then(|b| b.try_into().ok()))
    }

    /// The commitment of the seed phase `key` takes when `undo` opens it again under the
    /// ruling `fresh_seed_after_undo` (its next draw), for the correction to publish.
    pub(crate) fn redrawn_commitment(&self, key: &str) -> Result<String> {
        let seed = drawn_seed(&self.master_seed()?, key, draw_of(&self.conn, key)? + 1);
        Ok(seed_commitment(&seed))
    }

    /// Returns the definition files stored under `hash`.
    pub(crate) fn definition(&self, hash: &str) -> Result<BTreeMap<String, String>> {
        let files: String = self.conn.query_row(
            "SELECT files FROM definition WHERE hash = ?1",
            [hash],
            |r| r.get(0),
        )?;
        serde_json::from_str(&files).map_err(|e| corrupt("definition", e))
    }

    /// Returns the clubs, in nation order.
    pub fn clubs(&self) -> Result<Vec<Club>> {
        let mut stmt = self
            .conn
            .prepare("SELECT nation, name, emails, lang FROM club ORDER BY nation")?;
        let rows = stmt.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
            ))
        })?;
        let mut clubs = Vec::new();
        for row in rows {
            let (nation, name, emails, lang) = row?;
            clubs.push(Club {
                nation,
                name,
                emails: serde_json::from_str(&emails).map_err(|e| corrupt("club addresses", e))?,
                lang: if lang == "en" { Lang::En } else { Lang::It },
            });
        }
        Ok(clubs)
    }

    /// Returns the open phase and its world.
    pub fn current(&self) -> Result<PhaseRow> {
        self.phase_where("seq = (SELECT max(seq) FROM phase)", params![])?
            .ok_or_else(|| corrupt("phases", "there is none"))
    }

    /// The key of the current phase, as [`Store::current`]'s id writes it, without
    /// reading its world (the phase's dice are drawn from it several times a phase).
    fn current_key(&self) -> Result<String> {
        let key: String = (self.conn)
            .query_row(
                "SELECT key FROM phase WHERE seq = (SELECT max(seq) FROM phase)",
                params![],
                |r| r.get(0),
            )
            .optional()?
            .ok_or_else(|| corrupt("phases", "there is none"))?;
        Ok(PhaseId::parse_key(&key)
            .ok_or_else(|| corrupt("phase key", &key))?
            .key())
    }

    /// Returns every phase, oldest first.
    pub fn phases(&self) -> Result<Vec<PhaseRow>> {
        let mut out = Vec::new();
        let mut seq = 0i64;
        while let Some(p) = self.phase_where(
            "seq = (SELECT min(seq) FROM phase WHERE seq > ?1)",
            params![seq],
        )? {
            seq = p.seq;
            out.push(p);
        }
        Ok(out)
    }

    /// Every phase's id and when it was resolved (`None`: the open phase), oldest first,
    /// without their worlds: what a list of the phases needs, where [`Store::phases`]
    /// reads every world and its steps (a year-5 campaign's sixty, every phase).
    pub fn phase_list(&self) -> Result<Vec<(PhaseId, Option<String>)>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT key, resolved_at FROM phase ORDER BY seq")?;
        let rows = stmt.query_map([], |r| {
            Ok((r.get::<_, String>(0)?, r.get::<_, Option<String>>(1)?))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (key, resolved_at) = row?;
            let id = PhaseId::parse_key(&key).ok_or_else(|| corrupt("phase key", &key))?;
            out.push((id, resolved_at));
        }
        Ok(out)
    }

    /// The phase of `key`: one row read, where [`Store::phases`] reads every phase's
    /// world (a battle card asked for its phase twice, and a campaign's later phases
    /// paid for every phase before them).
    pub fn phase(&self, key: &str) -> Result<Option<PhaseRow>> {
        if let Some(p) = self.phase_where("key = ?1", params![key])?
            && p.id.key() == key
        {
            return Ok(Some(p));
        }
        // A key stored in another spelling of the same phase: found as every phase is.
        Ok(self.phases()?.into_iter().find(|p| p.id.key() == key))
    }

    fn phase_where(&self, cond: &str, args: impl rusqlite::Params) -> Result<Option<PhaseRow>> {
        let sql = format!(
            "SELECT seq, key, definition_hash, seed_commitment, opened_at, resolved_at, revealed_seed, world FROM phase WHERE {cond}"
        );
        let row = self
            .conn
            .query_row(&sql, args, |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, Option<String>>(6)?,
                    r.get::<_, String>(7)?,
                ))
            })
            .optional()?;
        let Some((
            seq,
            key,
            definition_hash,
            seed_commitment,
            opened_at,
            resolved_at,
            revealed_seed,
            world,
        )) = row
        else {
            return Ok(None);
        };
        let opening: World = serde_json::from_str(&world).map_err(|e| corrupt("world", e))?;
        let steps = self.steps(&key)?;
        let world = steps
            .last()
            .map_or_else(|| opening.clone(), |s| s.result.world.clone());
        Ok(Some(PhaseRow {
            seq,
            id: PhaseId::parse_key(&key).ok_or_else(|| corrupt("phase key", &key))?,
            definition_hash,
            seed_commitment,
            opened_at,
            resolved_at,
            revealed_seed,
            world,
            opening,
            steps: steps.len() as u32,
        }))
    }

    /// Saves the resolution of the open phase and opens the next, in one transaction.
    pub fn advance(&mut self, a: Advance) -> Result<()> {
        let master = self.master_seed()?;
        let current = self.current()?;
        if current.resolved_at.is_some() {
            return Err(Error::user(format!(
                "{} is already resolved: the campaign is over",
                current.id
            )));
        }
        let key = current.id.key();
        let seed = drawn_seed(&master, &key, draw_of(&self.conn, &key)?);
        let steps = self.steps(&key)?;
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        crate::failpoint::hit("advance.begun");
        tx.execute(
            "UPDATE phase SET resolved_at = ?1, revealed_seed = ?2 WHERE key = ?3",
            params![a.now, hex::encode(seed), key],
        )?;
        let mut definition_hash = current.definition_hash.clone();
        if let Some((hash, files)) = a.definition
            && hash != definition_hash
        {
            let files = serde_json::to_string(files).map_err(|e| Error::internal(e.to_string()))?;
            tx.execute(
                "INSERT OR IGNORE INTO definition (hash, files) VALUES (?1, ?2)",
                params![hash, files],
            )?;
            tx.execute(
                "UPDATE phase SET definition_hash = ?1 WHERE key = ?2",
                params![hash, key],
            )?;
            definition_hash = hash.to_owned();
        }
        // The steps' seeds go public with the phase's.
        for step in &steps {
            let draw: u32 = tx.query_row(
                "SELECT draw FROM phase_step WHERE phase_key = ?1 AND n = ?2",
                params![key, step.n],
                |r| r.get(0),
            )?;
            tx.execute(
                "UPDATE phase_step SET revealed_seed = ?1 WHERE phase_key = ?2 AND n = ?3",
                params![
                    hex::encode(step_seed(&master, &key, step.n, draw)),
                    key,
                    step.n
                ],
            )?;
        }
        crate::failpoint::hit("advance.phase_closed");
        if let Some(r) = a.resolution {
            let stored = Resolution {
                next: None,
                ..r.clone()
            };
            let json =
                serde_json::to_string(&stored).map_err(|e| Error::internal(e.to_string()))?;
            tx.execute(
                "INSERT INTO resolution (phase_key, json) VALUES (?1, ?2)",
                params![key, json],
            )?;
        }
        crate::failpoint::hit("advance.resolution_saved");
        for r in a.rolls {
            tx.execute(
                "INSERT INTO dice (phase_key, seq, event, purpose, sides, value) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![key, r.seq, r.event.as_str(), r.purpose.as_str(), r.sides, r.value],
            )?;
        }
        crate::failpoint::hit("advance.dice_saved");
        if let Some(next) = a.next {
            insert_phase(&tx, &master, next, &definition_hash, a.now)?;
            if let Some(at) = a.deadline {
                mail::set_deadline_in(&tx, &next.phase.key(), at)?;
            }
        }
        crate::failpoint::hit("advance.next_phase_saved");
        mail::queue_in(&tx, a.outbox, a.now)?;
        letters::copies_in(&tx, a.letters)?;
        crate::failpoint::hit("advance.outbox_queued");
        journal(&tx, a.now, a.command, a.description, Some(&key))?;
        crate::failpoint::hit("advance.before_commit");
        tx.commit()?;
        crate::failpoint::hit("advance.committed");
        Ok(())
    }

    /// Undoes the last resolution: the previous phase is open again, exactly as it was.
    ///
    /// Returns the phase that is open afterwards.
    pub fn undo(&mut self, now: &str, command: &str) -> Result<PhaseId> {
        self.undo_correcting(now, command, &[], (false, None))
    }

    /// The phase whose resolution `undo` would take back (it reopens), if any.
    pub(crate) fn undo_target(&self) -> Result<Option<PhaseId>> {
        let phases = self.phases()?;
        let over = phases.last().is_some_and(|p| p.resolved_at.is_some());
        Ok(match phases.as_slice() {
            [.., last] if over => Some(last.id),
            [.., previous, _] => Some(previous.id),
            _ => None,
        })
    }

    /// [`Store::undo`], queueing `corrections` (to the clubs that already received the
    /// undone reports) in the same transaction. With `redraw` (the ruling
    /// `fresh_seed_after_undo`), the phase opened again takes its next draw of the dice,
    /// and so does the phase that goes: the reports revealed the seeds they had.
    pub(crate) fn undo_correcting(
        &mut self,
        now: &str,
        command: &str,
        corrections: &[OutMessage],
        (redraw, reason): (bool, Option<&str>),
    ) -> Result<PhaseId> {
        let phases = self.phases()?;
        // After the last winter the campaign is over and its last phase resolved: undo
        // reopens that phase. Otherwise the open phase goes and the one before reopens.
        let over = phases.last().is_some_and(|p| p.resolved_at.is_some());
        let (previous, last) = match phases.as_slice() {
            [.., last] if over => (last, None),
            [.., previous, last] => (previous, Some(last)),
            _ => {
                return Err(Error::user(
                    "nothing to undo: the campaign is at its first phase",
                ));
            }
        };
        let previous_key = previous.id.key();
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        if let Some(last) = last {
            let last_key = last.id.key();
            withdrawn::keep_in(&tx, &previous_key, &last_key, now)?;
            // Battle results recorded while that phase was open go the same way.
            tx.execute(
                "UPDATE battle_result SET active = 0 WHERE phase_key = ?1",
                [&last_key],
            )?;
            tx.execute(
                "UPDATE battle_oob SET active = 0 WHERE phase_key = ?1",
                [&last_key],
            )?;
            // Orders sent for the phase that goes are kept as history, no longer active.
            tx.execute(
                "UPDATE orders SET active = 0 WHERE phase_key = ?1",
                [&last_key],
            )?;
            // Its steps go with it (cascade), and their updates not yet sent.
            tx.execute(
                "DELETE FROM outbox WHERE phase_key = ?1 AND kind = 'update' AND status != 'sent'",
                [&last_key],
            )?;
            tx.execute("DELETE FROM phase WHERE key = ?1", [&last_key])?;
            // Its deadline goes with it, or undo would not be exact.
            // (an encounter's moved deadline, `phase#encounter`, with it).
            tx.execute(
                "DELETE FROM deadline WHERE phase_key = ?1 OR phase_key LIKE ?1 || '#%'",
                [&last_key],
            )?;
            // Letters read while it was open and not yet gone are taken back (G5.3).
            letters::withdraw_in(&tx, &last_key, now)?;
        }
        tx.execute("DELETE FROM dice WHERE phase_key = ?1", [&previous_key])?;
        tx.execute(
            "DELETE FROM resolution WHERE phase_key = ?1",
            [&previous_key],
        )?;
        // Reports of the undone resolution not yet sent are withdrawn; those sent stay
        // as history (they cannot be unsent).
        tx.execute(
            "DELETE FROM outbox WHERE phase_key = ?1 AND status != 'sent'",
            [&previous_key],
        )?;
        if redraw {
            // The seed goes on record: the battles auto-resolved while the phase was
            // open drew from it, and their results stay.
            tx.execute(
                "INSERT OR REPLACE INTO seed_spent (phase_key, draw, seed) SELECT key, ?2, revealed_seed FROM phase WHERE key = ?1 AND revealed_seed IS NOT NULL",
                params![previous_key, draw_of(&tx, &previous_key)?],
            )?;
        }
        tx.execute(
            "UPDATE phase SET resolved_at = NULL, revealed_seed = NULL WHERE key = ?1",
            [&previous_key],
        )?;
        tx.execute(
            "UPDATE phase_step SET revealed_seed = NULL WHERE phase_key = ?1",
            [&previous_key],
        )?;
        if redraw {
            let master = master_seed_in(&tx)?;
            for key in std::iter::once(&previous_key).chain(last.map(|l| l.id.key()).as_ref()) {
                let draw = draw_of(&tx, key)? + 1;
                tx.execute(
                    "INSERT INTO seed_draw (phase_key, draw) VALUES (?1, ?2) ON CONFLICT (phase_key) DO UPDATE SET draw = excluded.draw",
                    params![key, draw],
                )?;
            }
            let seed = drawn_seed(&master, &previous_key, draw_of(&tx, &previous_key)?);
            tx.execute(
                "UPDATE phase SET seed_commitment = ?1 WHERE key = ?2",
                params![seed_commitment(&seed), previous_key],
            )?;
        }
        mail::queue_in(&tx, corrections, now)?;
        let dice = if redraw {
            "; its dice are drawn anew"
        } else {
            ""
        };
        let description = if corrections.is_empty() {
            format!(
                "undo the resolution of {}: it is open again{dice}",
                previous.id
            )
        } else {
            format!(
                "undo the resolution of {}: it is open again{dice}; its reports had gone out: {} queued",
                previous.id,
                counted(corrections.len(), "correction", "corrections")
            )
        };
        // The referee's reason stays with the act (a play-test's referee, looking back,
        // could not see why a phase had been undone).
        let description = match reason.map(str::trim).filter(|r| !r.is_empty()) {
            Some(r) => format!("{description} (reason: {r})"),
            None => description,
        };
        journal(&tx, now, command, &description, Some(&previous_key))?;
        tx.commit()?;
        Ok(previous.id)
    }

    /// Returns the journal, oldest first.
    pub fn journal(&self) -> Result<Vec<JournalRow>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, at, command, description, phase_key FROM journal ORDER BY id")?;
        let rows = stmt.query_map([], |r| {
            Ok(JournalRow {
                id: r.get(0)?,
                at: r.get(1)?,
                command: r.get(2)?,
                description: r.get(3)?,
                phase: r.get(4)?,
            })
        })?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// Returns the dice rolled in one phase, or in every phase, in order: the phase's own
    /// rolls, then those of the battles auto-resolved while it was open (their event ids
    /// name the battle).
    pub fn dice(&self, phase: Option<&str>) -> Result<Vec<(String, Roll)>> {
        let phases = match phase {
            Some(p) => vec![p.to_owned()],
            None => self.phase_list()?.iter().map(|(id, _)| id.key()).collect(),
        };
        let mut out = Vec::new();
        for key in phases {
            out.extend(self.phase_dice(Some(&key))?);
            out.extend(self.battle_dice(&key)?);
            for step in self.steps(&key)? {
                out.extend(step.rolls.into_iter().map(|r| (key.clone(), r)));
            }
        }
        Ok(out)
    }

    /// Returns the rolls of the battles auto-resolved while a phase was open, battle by
    /// battle in the order they were resolved (only results still in force).
    pub fn battle_dice(&self, phase: &str) -> Result<Vec<(String, Roll)>> {
        let mut stmt = self.conn.prepare(
            "SELECT r.phase_key, d.seq, d.event, d.purpose, d.sides, d.value FROM battle_dice d
                 JOIN battle_result r ON r.id = d.result_id
                 WHERE r.phase_key = ?1 AND r.active = 1 ORDER BY r.id, d.seq",
        )?;
        let rows = stmt.query_map([phase], dice_row)?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// Returns the dice rolled while resolving one phase, or every phase, in order
    /// (without the battles' auto-resolves).
    pub(crate) fn phase_dice(&self, phase: Option<&str>) -> Result<Vec<(String, Roll)>> {
        let mut stmt = self
            .conn
            .prepare(
                "SELECT d.phase_key, d.seq, d.event, d.purpose, d.sides, d.value FROM dice d JOIN phase p ON p.key = d.phase_key
                 WHERE ?1 IS NULL OR d.phase_key = ?1 ORDER BY p.seq, d.seq",
            )?;
        let rows = stmt.query_map([phase], dice_row)?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// Stores a club's order file for the open phase; it replaces (as the active file)
    /// any earlier one of the club for that phase. Returns the new row's id.
    pub fn submit_orders(&mut self, o: &StoredOrders, command: &str) -> Result<i64> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        let id = insert_orders(&tx, o, command)?;
        tx.commit()?;
        Ok(id)
    }

    /// Returns order files of a phase (all, or the active ones), oldest first.
    pub(crate) fn orders(&self, phase: &str, active_only: bool) -> Result<Vec<StoredOrders>> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, phase_key, nation, received_at, source, sha256, text, active FROM orders WHERE phase_key = ?1 AND (?2 = 0 OR active = 1) ORDER BY id")?;
        let rows = stmt.query_map(params![phase, active_only], |r| {
            Ok(StoredOrders {
                id: r.get(0)?,
                phase: r.get(1)?,
                nation: r.get(2)?,
                received_at: r.get(3)?,
                source: r.get(4)?,
                sha256: r.get(5)?,
                text: r.get(6)?,
                active: r.get(7)?,
            })
        })?;
        rows.collect::<Result<_, _>>().map_err(Error::from)
    }

    /// Returns the stored resolution of a phase (outcomes, events, ledger).
    pub fn resolution(&self, phase: &str) -> Result<Option<Resolution>> {
        let json: Option<String> = self
            .conn
            .query_row(
                "SELECT json FROM resolution WHERE phase_key = ?1",
                [phase],
                |r| r.get(0),
            )
            .optional()?;
        json.map(|j| serde_json::from_str(&j).map_err(|e| corrupt("resolution", e)))
            .transpose()
    }

    /// Returns the stored hash of a club's secret.
    pub(crate) fn secret_hash(&self, nation: &str) -> Result<Option<String>> {
        let hash: Option<Option<String>> = self
            .conn
            .query_row(
                "SELECT secret_hash FROM club WHERE nation = ?1",
                [nation],
                |r| r.get(0),
            )
            .optional()?;
        Ok(hash.flatten())
    }

    /// Replaces a club's secret hash.
    /// Sends a club a welcome afresh, in one transaction: its new secret's hash (the
    /// club's nation and the hash, when the welcome carries a new secret), the undelivered welcomes it replaces taken out
    /// of the outbox (their secret, never delivered, goes with them), and the new
    /// welcome queued. `what` says why, for the journal.
    pub(crate) fn renew_welcome(
        &mut self,
        secret: Option<(&str, &str)>,
        replaced: &[i64],
        welcome: &OutMessage,
        now: &str,
        command: &str,
        what: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        if let Some((nation, hash)) = secret {
            set_secret_in(&tx, nation, hash)?;
        }
        for id in replaced {
            tx.execute(
                "DELETE FROM outbox_raw WHERE id = ?1 AND id IN (SELECT id FROM outbox WHERE status != 'sent')",
                [id],
            )?;
            tx.execute(
                "DELETE FROM outbox WHERE id = ?1 AND status != 'sent'",
                [id],
            )?;
        }
        mail::queue_in(&tx, std::slice::from_ref(welcome), now)?;
        journal(&tx, now, command, what, None)?;
        tx.commit().map_err(Error::from)
    }

    pub fn set_secret_hash(
        &mut self,
        nation: &str,
        hash: &str,
        now: &str,
        command: &str,
    ) -> Result<()> {
        let tx = self
            .conn
            .transaction_with_behavior(TransactionBehavior::Immediate)?;
        set_secret_in(&tx, nation, hash)?;
        journal(
            &tx,
            now,
            command,
            &format!("new secret issued to the club of {nation}"),
            None,
        )?;
        tx.commit().map_err(Error::from)
    }

    /// Returns a canonical text dump of the whole game state (everything but clock
    /// times and the journal), so two campaigns can be compared byte for byte. The mail
    /// tables are state too: deadlines, every queued message and whether it went, every
    /// message read and its verdict.
    pub fn canonical_dump(&self) -> Result<String> {
        let mut out = String::new();
        let name = self.name()?;
        out.push_str(&format!(
            "campaign {name} seed-commitment-of-master {}\n",
            seed_commitment(&self.master_seed()?)
        ));
        for club in self.clubs()? {
            out.push_str(&format!(
                "club {}\n",
                serde_json::to_string(&club).map_err(|e| Error::internal(e.to_string()))?
            ));
        }
        for p in self.phases()? {
            out.push_str(&format!(
                "phase {} definition {} commitment {} resolved {} seed {}\nworld {}\n",
                p.id.key(),
                p.definition_hash,
                p.seed_commitment,
                p.resolved_at.is_some(),
                p.revealed_seed.as_deref().unwrap_or("-"),
                canonical_json(&p.world)
            ));
        }
        for p in self.phases()? {
            for o in self.orders(&p.id.key(), false)? {
                out.push_str(&format!(
                    "orders {} {} active {} sha256 {}\n{}\n",
                    o.phase, o.nation, o.active, o.sha256, o.text
                ));
            }
            for step in self.steps(&p.id.key())? {
                out.push_str(&format!(
                    "step {} {} {} {} seed {} input {}\nworld {}\n",
                    step.phase,
                    step.n,
                    step.kind,
                    step.seed_commitment,
                    step.revealed_seed.as_deref().unwrap_or("-"),
                    step.input,
                    canonical_json(&step.result.world)
                ));
            }
            for b in &p.opening.battles {
                for res in self.results(&b.id)? {
                    let json = serde_json::to_string(&res.outcome)
                        .map_err(|e| Error::internal(e.to_string()))?;
                    out.push_str(&format!(
                        "battle-result {} {} {json}\n",
                        res.battle, res.source
                    ));
                }
            }
            if let Some(r) = self.resolution(&p.id.key())? {
                let json = serde_json::to_string(&r).map_err(|e| Error::internal(e.to_string()))?;
                out.push_str(&format!("resolution {} {json}\n", p.id.key()));
            }
        }
        for (phase, r) in self.dice(None)? {
            out.push_str(&format!(
                "die {phase} {} {} d{}={} {}\n",
                r.seq, r.event, r.sides, r.value, r.purpose
            ));
        }
        for l in self.letters()? {
            out.push_str(&format!(
                "letter {} {} {} to {} anonymous {} seal {} withdrawn {}\n",
                l.id,
                l.phase,
                l.sender,
                l.recipients.join(","),
                l.anonymous,
                l.seal,
                l.withdrawn_at.is_some()
            ));
        }
        self.dump_mail(&mut out)?;
        Ok(out)
    }

    /// Runs SQLite's own integrity check; returns its report ("ok" when sound).
    pub fn integrity_check(&self) -> Result<String> {
        self.conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .map_err(Error::from)
    }
}

/// Returns the canonical JSON of a world: the bytes stored for each phase.
fn canonical_json(world: &World) -> String {
    // Every map in a World is a BTreeMap with string keys and no field is a float, so
    // serde_json's output is canonical and cannot fail.
    serde_json::to_string(world).unwrap_or_else(|e| unreachable!("a world always serializes: {e}"))
}

fn insert_phase(
    tx: &rusqlite::Transaction,
    master: &Seed,
    world: &World,
    definition_hash: &str,
    now: &str,
) -> Result<()> {
    let key = world.phase.key();
    let seed = drawn_seed(master, &key, draw_of(tx, &key)?);
    tx.execute(
        "INSERT INTO phase (key, definition_hash, seed_commitment, opened_at, world) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![key, definition_hash, seed_commitment(&seed), now, canonical_json(world)],
    )?;
    Ok(())
}

/// The campaign's master seed, read on `conn` (a transaction's too).
fn master_seed_in(conn: &Connection) -> Result<Seed> {
    let bytes: Vec<u8> =
        conn.query_row("SELECT master_seed FROM campaign WHERE id = 1", [], |r| {
            r.get(0)
        })?;
    bytes
        .try_into()
        .map_err(|_| corrupt("master seed", "not 32 bytes"))
}

/// How many times phase `key`'s dice were drawn anew (0: never, the seed of every
/// campaign before the ruling `fresh_seed_after_undo`).
pub(super) fn draw_of(conn: &Connection, key: &str) -> Result<u32> {
    Ok(conn
        .query_row(
            "SELECT draw FROM seed_draw WHERE phase_key = ?1",
            [key],
            |r| r.get(0),
        )
        .optional()?
        .unwrap_or(0))
}

/// The seed of phase `key` at its draw `draw`: draw 0 is the seed derived from the phase's
/// key alone, as every campaign had; a later draw is derived under its own name, so it
/// tells nothing of the seeds revealed before it.
fn drawn_seed(master: &Seed, key: &str, draw: u32) -> Seed {
    match draw {
        0 => phase_seed(master, key),
        d => phase_seed(master, &format!("{key}/draw-{d}")),
    }
}

/// `n` and its noun for a journal line: "1 message", "2 messages".
pub(crate) fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn journal(
    tx: &rusqlite::Transaction,
    now: &str,
    command: &str,
    description: &str,
    phase: Option<&str>,
) -> Result<()> {
    tx.execute(
        "INSERT INTO journal (at, command, description, phase_key) VALUES (?1, ?2, ?3, ?4)",
        params![now, command, description, phase],
    )?;
    Ok(())
}

/// Stores an order file inside a transaction (see [`Store::submit_orders`]).
fn insert_orders(tx: &rusqlite::Transaction, o: &StoredOrders, command: &str) -> Result<i64> {
    let open: Option<String> = tx
        .query_row("SELECT key FROM phase WHERE seq = (SELECT max(seq) FROM phase) AND resolved_at IS NULL", [], |r| r.get(0))
        .optional()?;
    if open.as_deref() != Some(o.phase.as_str()) {
        return Err(Error::user(format!(
            "phase {} is not open for orders",
            o.phase
        )));
    }
    let replaced = tx.execute(
        "UPDATE orders SET active = 0 WHERE phase_key = ?1 AND nation = ?2 AND active = 1",
        params![o.phase, o.nation],
    )?;
    tx.execute(
        "INSERT INTO orders (phase_key, nation, received_at, source, sha256, text, active) VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1)",
        params![o.phase, o.nation, o.received_at, o.source, o.sha256, o.text],
    )?;
    let id = tx.last_insert_rowid();
    let what = if replaced > 0 {
        "replaces the earlier file"
    } else {
        "first file"
    };
    journal(
        tx,
        &o.received_at,
        command,
        &format!(
            "orders of {} for {} accepted ({what}), sha256 {}",
            o.nation, o.phase, o.sha256
        ),
        Some(&o.phase),
    )?;
    Ok(id)
}

/// Sets a club's secret hash inside a transaction; a nation no club plays is refused.
fn set_secret_in(tx: &rusqlite::Transaction, nation: &str, hash: &str) -> Result<()> {
    let n = tx.execute(
        "UPDATE club SET secret_hash = ?1 WHERE nation = ?2",
        params![hash, nation],
    )?;
    if n == 0 {
        return Err(Error::user(format!("no club plays `{nation}`")));
    }
    Ok(())
}

/// Reads a die of the dice log: its phase (column 0), then seq, event, purpose, sides and
/// value.
pub(super) fn dice_row(r: &rusqlite::Row) -> rusqlite::Result<(String, Roll)> {
    Ok((
        r.get::<_, String>(0)?,
        Roll {
            seq: r.get(1)?,
            event: r.get::<_, String>(2)?.into(),
            purpose: r.get::<_, String>(3)?.into(),
            sides: r.get(4)?,
            value: r.get(5)?,
        },
    ))
}
