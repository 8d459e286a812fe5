//! The campaign database schema, as versioned migrations (PRAGMA user_version).
//!
//! Never edit a migration that has shipped: add a new one.

use rusqlite_migration::{M, Migrations};

/// The schema version this giglio writes: how many migrations [`migrations`] holds.
pub(crate) const LATEST: i64 = 21;

/// A campaign file written by a later giglio (its schema version past
/// [`LATEST`]) is refused whole, with both versions and what to do: an older
/// binary must not read tables it does not know.
pub(crate) fn newer_than_this_giglio(
    conn: &rusqlite::Connection,
    path: &std::path::Path,
) -> crate::error::Result<()> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if version <= LATEST {
        return Ok(());
    }
    Err(crate::error::Error::user(format!(
        "{} was written by a later giglio: its database is at version {version}, and this giglio ({}) knows versions up to {}",
        path.display(),
        env!("CARGO_PKG_VERSION"),
        LATEST
    ))
    .with_hint(
        "run the giglio that last wrote this campaign, or a later one (`giglio --version` names it); nothing was changed",
    ))
}

/// All migrations, in order.
pub(crate) fn migrations() -> Migrations<'static> {
    Migrations::new(vec![
        M::up(V1),
        M::up(V2),
        M::up(V3),
        M::up(V4),
        M::up(V5),
        M::up(V6),
        M::up(V7_WELCOME),
        M::up(V8_INTAKE_DEDUP_ALERTS),
        M::up(V9_PHASE_STEPS),
        M::up(V10_MAIL_ARCHIVE),
        v11_club_changes(),
        M::up(V12_OUTBOX_BYTES),
        M::up(V13_MESSAGE_ID_AUTHENTICATED),
        M::up(V14_UNAUTHENTICATED_REPLIES),
        M::up(V15_SERVICE),
        M::up(V16_LETTERS),
        M::up(V17_LATE_VERDICT),
        M::up(V18_EXTENSIONS),
        M::up(V19_PACKED_MAIL),
        M::up(V20_SEED_DRAWS),
        M::up(V21_WITHDRAWN_WORLD),
    ])
}

/// Version 1: the campaign, its definition, clubs, phases with their worlds, dice, journal.
const V1: &str = r#"
CREATE TABLE campaign (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    name        TEXT NOT NULL,
    -- 32 random bytes, never shown: phase seeds are derived from it.
    master_seed BLOB NOT NULL CHECK (length(master_seed) = 32),
    created_at  TEXT NOT NULL
);

-- Every version of the campaign definition a phase was opened with, by hash.
CREATE TABLE definition (
    hash  TEXT PRIMARY KEY,
    files TEXT NOT NULL              -- JSON object: file name -> text
);

CREATE TABLE club (
    nation      TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    emails      TEXT NOT NULL,       -- JSON array of addresses
    lang        TEXT NOT NULL CHECK (lang IN ('it', 'en')),
    secret_hash TEXT                 -- salted SHA-256 of the club's secret
);

-- One row per phase opened, in calendar order. `world` is the canonical JSON of the
-- state at the opening of the phase; the last row is the current state.
CREATE TABLE phase (
    seq             INTEGER PRIMARY KEY,
    key             TEXT NOT NULL UNIQUE,
    definition_hash TEXT NOT NULL REFERENCES definition(hash),
    seed_commitment TEXT NOT NULL,   -- hex SHA-256 of the phase seed, public at opening
    opened_at       TEXT NOT NULL,
    world           TEXT NOT NULL,
    resolved_at     TEXT,
    revealed_seed   TEXT             -- hex phase seed, public after resolution
);

-- Every die rolled while resolving a phase.
CREATE TABLE dice (
    phase_key TEXT NOT NULL REFERENCES phase(key) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    event     TEXT NOT NULL,
    purpose   TEXT NOT NULL,
    sides     INTEGER NOT NULL,
    value     INTEGER NOT NULL,
    PRIMARY KEY (phase_key, seq)
);

-- One row per state change: what ran and what it did.
CREATE TABLE journal (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    at          TEXT NOT NULL,
    command     TEXT NOT NULL,
    description TEXT NOT NULL,
    phase_key   TEXT
);
"#;

/// Version 2: order files as received, and what each phase's resolution produced.
const V2: &str = r#"
-- Every order file accepted, newest last. The latest file of a club for a phase is
-- the active one; earlier ones stay as history. `text` is the file as received with
-- the secret's value masked; `sha256` is of the bytes as received (the club's receipt).
CREATE TABLE orders (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    phase_key   TEXT NOT NULL,
    nation      TEXT NOT NULL,
    received_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    sha256      TEXT NOT NULL,
    text        TEXT NOT NULL,
    active      INTEGER NOT NULL CHECK (active IN (0, 1))
);
CREATE INDEX orders_by_phase ON orders (phase_key, nation, active);

-- Outcomes, events and ledger of each resolved phase, as JSON.
CREATE TABLE resolution (
    phase_key TEXT PRIMARY KEY REFERENCES phase(key) ON DELETE CASCADE,
    json      TEXT NOT NULL
);
"#;

/// Version 3: battle results as they arrive: from a club, the auto-resolver or the
/// referee. The latest active row of each source counts.
const V3: &str = r#"
CREATE TABLE battle_result (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    battle      TEXT NOT NULL,
    phase_key   TEXT NOT NULL,      -- the phase open when it was recorded
    source      TEXT NOT NULL,      -- a club's nation code, 'auto' or 'referee'
    received_at TEXT NOT NULL,
    outcome     TEXT NOT NULL,      -- JSON: rules::battles::BattleOutcome
    detail      TEXT,               -- JSON: the tactical result, the rolls of an auto-resolve
    active      INTEGER NOT NULL CHECK (active IN (0, 1))
);
CREATE INDEX battle_result_by_battle ON battle_result (battle, active);
"#;

/// Version 4: clubs' own orders of battle (§0.5), per battle and ruleset.
const V4: &str = r#"
CREATE TABLE battle_oob (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    battle      TEXT NOT NULL,
    nation      TEXT NOT NULL,
    ruleset     TEXT NOT NULL,
    phase_key   TEXT NOT NULL,
    received_at TEXT NOT NULL,
    oob         TEXT NOT NULL,      -- JSON: units and leaders
    active      INTEGER NOT NULL CHECK (active IN (0, 1))
);
"#;

/// Version 5: play by e-mail. The outbox holds every message rendered, byte for byte,
/// until a server accepts it; the inbox remembers every message read, by the hash of
/// its bytes, so nothing is taken twice; deadlines per phase.
const V5: &str = r#"
CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id   TEXT NOT NULL UNIQUE,  -- without angle brackets
    phase_key    TEXT,                  -- the phase it reports on, if any
    kind         TEXT NOT NULL,         -- report, bulletin, referee, receipt, rejection, alert, reminder
    nation       TEXT,                  -- the club it goes to; NULL for the referee
    recipients   TEXT NOT NULL,         -- JSON array of addresses, all of one club
    subject      TEXT NOT NULL,
    raw          BLOB NOT NULL,         -- the whole RFC 5322 message, sent verbatim
    created_at   TEXT NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
    attempts     INTEGER NOT NULL DEFAULT 0,
    last_error   TEXT,
    sent_at      TEXT
);
CREATE INDEX outbox_by_status ON outbox (status, id);

CREATE TABLE inbox (
    hash         TEXT PRIMARY KEY,      -- hex SHA-256 of the message's bytes
    received_at  TEXT NOT NULL,
    source       TEXT NOT NULL,         -- where it was read from
    sender       TEXT,                  -- the From address, as written
    nation       TEXT,                  -- the club it claimed to be from, if any
    verdict      TEXT NOT NULL,         -- accepted, rejected, forged, ignored
    detail       TEXT NOT NULL,
    orders_id    INTEGER                -- the order file it submitted, if accepted
);

CREATE TABLE deadline (
    phase_key    TEXT PRIMARY KEY,
    at           TEXT NOT NULL          -- RFC 3339 with the campaign's UTC offset
);
"#;

/// Version 6: every die of an auto-resolved battle, one row a roll, so the dice log shows
/// them beside the phase's own. Rolls that earlier versions kept only inside the result's
/// `detail` JSON are copied out.
const V6: &str = r#"
CREATE TABLE battle_dice (
    result_id INTEGER NOT NULL REFERENCES battle_result(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    event     TEXT NOT NULL,
    purpose   TEXT NOT NULL,
    sides     INTEGER NOT NULL,
    value     INTEGER NOT NULL,
    PRIMARY KEY (result_id, seq)
);
INSERT INTO battle_dice (result_id, seq, event, purpose, sides, value)
SELECT r.id, json_extract(d.value, '$.seq'), json_extract(d.value, '$.event'),
       json_extract(d.value, '$.purpose'), json_extract(d.value, '$.sides'),
       json_extract(d.value, '$.value')
FROM battle_result r, json_each(r.detail, '$.rolls') d
WHERE r.source = 'auto' AND r.detail IS NOT NULL AND json_valid(r.detail);
"#;

/// Version 7: a message that carries a club's secret (the welcome) is queued with a
/// redacted copy; once delivered, the redacted copy replaces it and the SHA-256 of the
/// bytes sent is kept, so the secret is stored only until it has gone out.
const V7_WELCOME: &str = r#"
ALTER TABLE outbox ADD COLUMN redacted BLOB;
ALTER TABLE outbox ADD COLUMN sent_sha256 TEXT;
"#;

/// Version 8 (intake, issue 18): telling copies of one message apart and coalescing
/// alerts. Each message read keeps its Message-ID, the hash of its bytes without trace
/// headers, and the time it was written (its `Date:`, never later than its arrival), so
/// a copy re-delivered with one more `Received:` is a duplicate and an old copy never
/// replaces a newer file. Attempts that failed authentication wait in `intake_attempt`
/// until the end of the run, when each club gets at most one alert per phase and the
/// referee one digest.
const V8_INTAKE_DEDUP_ALERTS: &str = r#"
ALTER TABLE inbox ADD COLUMN message_id TEXT;    -- as written, without angle brackets
ALTER TABLE inbox ADD COLUMN content_hash TEXT;  -- hex SHA-256 without trace headers
ALTER TABLE inbox ADD COLUMN written_at TEXT;    -- RFC 3339 UTC: min(Date:, arrival)
CREATE INDEX inbox_by_message_id ON inbox (message_id, sender);
CREATE INDEX inbox_by_content ON inbox (content_hash);

CREATE TABLE intake_attempt (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    hash         TEXT NOT NULL,         -- the inbox row
    received_at  TEXT NOT NULL,
    phase_key    TEXT NOT NULL,         -- the phase open when it arrived
    nation       TEXT,                  -- the club it claimed to be, if any
    sender       TEXT,                  -- control characters removed, cut to 120 characters
    reason       TEXT NOT NULL,         -- a code: not-its-address, bad-secret, no-sender, stranger…
    club_told    INTEGER NOT NULL DEFAULT 0 CHECK (club_told IN (0, 1)),
    referee_told INTEGER NOT NULL DEFAULT 0 CHECK (referee_told IN (0, 1))
);
CREATE INDEX intake_attempt_pending ON intake_attempt (referee_told, club_told);

-- A club alerted about attempts in its name during a phase: at most once.
CREATE TABLE intake_alerted (
    phase_key TEXT NOT NULL,
    nation    TEXT NOT NULL,
    PRIMARY KEY (phase_key, nation)
);
"#;

/// Version 9 (issue 13): a phase made of steps. A step changes the open phase's world
/// before it is resolved (today: a battle's settled result applied, ruling
/// `battle_results_at_once`); each keeps what it applied, the world after it with what
/// happened, its own seed (committed now, revealed with the phase's) and dice, and the
/// messages it queued, so `undo`, `history` and `audit` go step by step. The phase's
/// row keeps the world at its opening; the open world is its last step's.
const V9_PHASE_STEPS: &str = r#"
CREATE TABLE phase_step (
    phase_key       TEXT NOT NULL REFERENCES phase(key) ON DELETE CASCADE,
    n               INTEGER NOT NULL,   -- 1, 2, … in the order taken
    kind            TEXT NOT NULL,      -- 'battle'
    at              TEXT NOT NULL,
    input           TEXT NOT NULL,      -- JSON: what the step applied
    seed_commitment TEXT NOT NULL,      -- hex SHA-256 of the step's seed
    revealed_seed   TEXT,               -- hex, once the phase is resolved
    result          TEXT NOT NULL,      -- JSON: rules::resolve::StepResolution
    rolls           TEXT NOT NULL,      -- JSON: the step's dice, in order
    messages        TEXT NOT NULL,      -- JSON: Message-IDs of the mail it queued
    PRIMARY KEY (phase_key, n)
);
"#;

/// Version 10 (the desk, issue 19): delivered mail archived out of the database. An
/// archived message keeps its record and the SHA-256 of the bytes sent (`sent_sha256`);
/// its bytes are in the mbox file named here.
const V10_MAIL_ARCHIVE: &str = r#"
ALTER TABLE outbox ADD COLUMN archived_to TEXT;  -- the mbox file holding its bytes
ALTER TABLE outbox ADD COLUMN archived_at TEXT;
"#;

/// Version 11 (the desk, issue 19 point 7): what the referee changed about the clubs
/// and said to them. `club_change` records a nation turned neutral at the opening of a
/// phase (the audit knows the opening then differs from what the previous phase
/// produced by that act alone); it goes with its phase if `undo` removes the phase.
/// `announcement` keeps the referee's word to every club, for the year's chronicle
/// when asked. Self-contained: it only adds its own two tables.
fn v11_club_changes() -> M<'static> {
    M::up(
        r#"
CREATE TABLE club_change (
    phase_key TEXT NOT NULL REFERENCES phase(key) ON DELETE CASCADE,
    nation    TEXT NOT NULL,
    change    TEXT NOT NULL CHECK (change IN ('neutral')),
    at        TEXT NOT NULL,
    PRIMARY KEY (phase_key, nation)
);

CREATE TABLE announcement (
    id           INTEGER PRIMARY KEY,
    at           TEXT NOT NULL,
    phase_key    TEXT NOT NULL,
    year         INTEGER NOT NULL,
    text_it      TEXT NOT NULL,
    text_en      TEXT NOT NULL,
    in_chronicle INTEGER NOT NULL CHECK (in_chronicle IN (0, 1))
);
"#,
    )
}

/// Version 12 (issue 17): a message's bytes in their own table, beside its record.
/// In `outbox` the bytes (about 600 KB with a club's map) lay before `status`,
/// `attempts` and `sent_at`, so marking a message sent rewrote the whole row with its
/// overflow pages and reading a message's state walked them; now the record is a few
/// hundred bytes and the bytes are read only to be sent, written or archived.
/// `redacted` comes first so telling whether a secret is still held never reads the
/// message. A message whose bytes went to an archive has no row here (it had an empty
/// `raw` before). `DROP COLUMN` rewrites `outbox` in place, keeping its ids, its
/// AUTOINCREMENT counter and its indexes; deleting a record deletes its bytes.
const V12_OUTBOX_BYTES: &str = r#"
CREATE TABLE outbox_raw (
    id       INTEGER PRIMARY KEY REFERENCES outbox(id) ON DELETE CASCADE,
    redacted BLOB,                  -- what is kept of a message carrying a secret, once sent
    raw      BLOB NOT NULL          -- the whole RFC 5322 message, sent verbatim
);
INSERT INTO outbox_raw (id, redacted, raw)
SELECT id, redacted, raw FROM outbox WHERE archived_to IS NULL ORDER BY id;
ALTER TABLE outbox DROP COLUMN raw;
ALTER TABLE outbox DROP COLUMN redacted;
"#;

/// Version 13 (intake, issue 32 point 3): a Message-ID is a copy's mark only once an
/// authenticated message carried it. Each message read keeps the SHA-256 of the order
/// file it carried and whether it authenticated; a later message with the same
/// Message-ID from the same sender is a copy only if an authenticated message with that
/// Message-ID carried the very same file. A forgery read first no longer makes the club's
/// own message a silent duplicate, and a corrected re-send that kept its Message-ID is
/// read. Rows written before: an accepted or stale message authenticated, and an accepted
/// one's file is the stored file's.
const V13_MESSAGE_ID_AUTHENTICATED: &str = r#"
ALTER TABLE inbox ADD COLUMN file_sha256 TEXT;   -- hex SHA-256 of the order file it carried
ALTER TABLE inbox ADD COLUMN authenticated INTEGER NOT NULL DEFAULT 0 CHECK (authenticated IN (0, 1));
UPDATE inbox SET authenticated = 1 WHERE verdict IN ('accepted', 'stale');
UPDATE inbox SET file_sha256 = (SELECT o.sha256 FROM orders o WHERE o.id = inbox.orders_id)
WHERE orders_id IS NOT NULL;
"#;

/// Version 14 (intake, issues 29 and 32): replies to unauthenticated mail coalesced. Per
/// club and phase, the first 3 replies to mail from a club's address that did not
/// authenticate (a missing, empty or wrong secret, a file that does not read) go one by
/// one; later ones wait for one digest a day; a file that authenticates starts the count
/// again. Each attempt says how it is answered (`alert`: the once-a-phase forgery alert,
/// as before; `sent`: a reply of its own; `digest`: the club's daily digest) and whether
/// it still counts; `intake_club_digest` keeps when each club's last digest of a phase
/// went. Attempts recorded before are alerts, as they were.
const V14_UNAUTHENTICATED_REPLIES: &str = r#"
ALTER TABLE intake_attempt ADD COLUMN answer TEXT NOT NULL DEFAULT 'alert'
    CHECK (answer IN ('alert', 'sent', 'digest'));
ALTER TABLE intake_attempt ADD COLUMN counted INTEGER NOT NULL DEFAULT 1 CHECK (counted IN (0, 1));
CREATE TABLE intake_club_digest (
    phase_key TEXT NOT NULL,
    nation    TEXT NOT NULL,
    at        TEXT NOT NULL,   -- RFC 3339: when the last digest was queued
    PRIMARY KEY (phase_key, nation)
);
"#;

/// Version 15 (issue 28): the unattended referee's record — when `giglio run` last
/// looked, what it means to do next, and the referee's hold on the clock. One row.
const V15_SERVICE: &str = r#"
CREATE TABLE service (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    last_pass   TEXT,                   -- the clock at the end of the last pass
    next_at     TEXT,                   -- when the service means to act next
    next_what   TEXT,                   -- and what it will do then
    held_since  TEXT,                   -- `giglio hold`: the clock stopped at this time
    hold_reason TEXT
);
"#;

/// Version 16 (issue 33): letters between clubs (G5.3), carried by the referee. One row
/// per letter a club sent, and one per copy queued to carry it (to each addressee, and
/// the referee's); a copy's fate is its outbox row's. A letter is sent once per phase and
/// writer: the same letter again (its seal) is not a new one, unless undo took the first
/// back before it went (`withdrawn_at`).
const V16_LETTERS: &str = r#"
CREATE TABLE letter (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    phase_key    TEXT NOT NULL,          -- the phase open when it was read
    sender       TEXT NOT NULL,          -- the writer's nation
    recipients   TEXT NOT NULL,          -- JSON array of nation codes
    anonymous    INTEGER NOT NULL CHECK (anonymous IN (0, 1)),
    text         TEXT NOT NULL,          -- every copy of the writer's secret masked
    seal         TEXT NOT NULL,          -- hex SHA-256 of addressees, signature and text
    inbox_hash   TEXT NOT NULL,          -- the message that carried it
    written_at   TEXT NOT NULL,          -- RFC 3339: the message's date
    received_at  TEXT NOT NULL,          -- RFC 3339: when it was read
    withdrawn_at TEXT                    -- undo took it back before it went
);
CREATE UNIQUE INDEX letter_once ON letter (phase_key, sender, seal) WHERE withdrawn_at IS NULL;
CREATE TABLE letter_copy (
    letter_id  INTEGER NOT NULL REFERENCES letter(id),
    nation     TEXT,                     -- the club it goes to; NULL: the referee's copy
    message_id TEXT NOT NULL,            -- its outbox row's
    PRIMARY KEY (letter_id, message_id)
);
"#;

/// Version 17 (issue 29): the referee's word on a file that arrived after its phase's
/// deadline (`giglio late accept|refuse`): NULL until given. A refused file is also
/// inactive, and the club's last file from before the deadline active again.
const V17_LATE_VERDICT: &str = r#"
ALTER TABLE orders ADD COLUMN late TEXT CHECK (late IN ('accepted', 'refused'));
"#;

/// Version 18 (issue 28): extensions granted to clubs (G6.3), one row each: how many a
/// club had in a year is counted here, and the deadline they moved.
const V18_EXTENSIONS: &str = r#"
CREATE TABLE extension (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    phase_key  TEXT NOT NULL,
    nation     TEXT NOT NULL,
    hours      INTEGER NOT NULL,
    reason     TEXT NOT NULL,           -- the club's words, for the referee alone
    before     TEXT NOT NULL,           -- the deadline it moved (RFC 3339)
    after      TEXT NOT NULL,           -- and where to
    granted_at TEXT NOT NULL
);
"#;

/// Version 19 (issue 28): a delivered message's bytes are kept deflated (`packed = 1`,
/// zlib): a campaign keeps its recent mail for the record and for `mail archive`, and
/// reports carry pictures and pages that take half the room or less packed. Rows written
/// before stay as they are (`packed = 0`) and read the same.
const V19_PACKED_MAIL: &str = r#"
ALTER TABLE outbox_raw ADD COLUMN packed INTEGER NOT NULL DEFAULT 0 CHECK (packed IN (0, 1));
"#;

/// Version 20: how many times a phase's dice were drawn anew (the ruling
/// `fresh_seed_after_undo`). Undo deletes and rewrites phase rows, so the count lives
/// beside them: a phase opened again, or opened anew after the one before it was undone,
/// never takes a seed an earlier resolution revealed. No row means draw 0, the seed every
/// campaign had before.
const V20_SEED_DRAWS: &str = r#"
CREATE TABLE seed_draw (
    phase_key TEXT PRIMARY KEY,
    draw      INTEGER NOT NULL CHECK (draw >= 0)
);
-- The draw a step was taken under: a step kept when its phase is opened again keeps
-- the seed it was committed to.
ALTER TABLE phase_step ADD COLUMN draw INTEGER NOT NULL DEFAULT 0;
-- A seed an undone resolution had revealed: a battle auto-resolved while the phase
-- was open drew from it, and its result stays, so `audit` replays it from this seed.
CREATE TABLE seed_spent (
    phase_key TEXT NOT NULL,
    draw      INTEGER NOT NULL,
    seed      TEXT NOT NULL,        -- hex, as revealed
    PRIMARY KEY (phase_key, draw)
);
"#;

/// Version 21: the world a resolution opened, kept when `undo` withdraws it, so the
/// phase's new resolution tells each club what differs from the report it had (a
/// play-test's club could not tell). The latest withdrawal of a phase only: that is the
/// report its clubs last read.
const V21_WITHDRAWN_WORLD: &str = r#"
CREATE TABLE withdrawn_world (
    phase_key TEXT PRIMARY KEY,    -- the phase whose resolution was undone
    world     TEXT NOT NULL,       -- canonical JSON of the world that resolution opened
    at        TEXT NOT NULL
);
"#;

#[cfg(test)]
mod tests {
    #[test]
    fn migrations_are_valid() {
        assert!(super::migrations().validate().is_ok());
    }

    #[test]
    fn latest_is_the_version_a_new_file_gets() {
        let mut conn = rusqlite::Connection::open_in_memory().unwrap();
        super::migrations().to_latest(&mut conn).unwrap();
        let v: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(v, super::LATEST);
    }
}
