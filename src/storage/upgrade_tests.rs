//! A campaign written before version 12 (messages' bytes inside `outbox`) goes on after
//! the upgrade: same records, same ids, the queued messages delivered byte for byte, the
//! delivered ones keeping their hashes, archive and backup working.
//!
//! The old database is made by the shipped migrations 1 to 11 themselves, then filled
//! with the rows an earlier giglio wrote: queued, retried, failed, sent, a welcome still
//! holding its secret, one already redacted, one archived.

use super::{DB_FILE, OutMessage, Status, Store, schema};
use crate::mail::deliver::{Sink, send_queued};
use rusqlite::{Connection, params};
use sha2::Digest;

const NOW: &str = "2026-03-01T10:00:00Z";

fn sha(bytes: &[u8]) -> String {
    hex::encode(sha2::Sha256::digest(bytes))
}

/// A message as composed: headers, then a body as large as a report with its map, so
/// the row spills into overflow pages as a real one does.
fn message(id: &str, body: &str) -> Vec<u8> {
    let mut m = format!(
        "From: Arbitro <arbitro@example.org>\r\nMessage-ID: <{id}>\r\nSubject: {id}\r\n\r\n{body}\r\n"
    )
    .into_bytes();
    m.extend((0..600_000u32).map(|i| b'A' + (i % 23) as u8));
    m.extend_from_slice(b"\r\n");
    m
}

/// One outbox row as version 11 stored it.
struct Old {
    id: i64,
    message_id: &'static str,
    phase: Option<&'static str>,
    kind: &'static str,
    nation: Option<&'static str>,
    status: &'static str,
    attempts: i64,
    last_error: Option<&'static str>,
    sent_at: Option<&'static str>,
    raw: Vec<u8>,
    redacted: Option<Vec<u8>>,
    sent_sha256: Option<String>,
    archived_to: Option<&'static str>,
}

fn old_rows() -> Vec<Old> {
    let welcome_sent = message("w-v@giglio.invalid", "secret XXXX-XXXX-XXXX-XXXX-XXXX");
    let secret_v = message("w-v@giglio.invalid", "secret 61K0-GZWD-RPY6-1SA0-0FK4");
    let row = |id, message_id, phase, kind, nation, status| Old {
        id,
        message_id,
        phase,
        kind,
        nation,
        status,
        attempts: 0,
        last_error: None,
        sent_at: None,
        raw: message(message_id, kind),
        redacted: None,
        sent_sha256: None,
        archived_to: None,
    };
    vec![
        // Archived by `mail archive`: its bytes went to an mbox, an empty value stayed.
        Old {
            attempts: 1,
            sent_at: Some("2026-01-01T12:00:00Z"),
            raw: Vec::new(),
            sent_sha256: Some(sha(b"the bytes archived")),
            archived_to: Some("/referee/1494.mbox"),
            ..row(
                1,
                "r-v@giglio.invalid",
                Some("1494-spring"),
                "report",
                Some("V"),
                "sent",
            )
        },
        Old {
            attempts: 1,
            sent_at: Some("2026-01-02T12:00:00Z"),
            ..row(
                2,
                "r-f@giglio.invalid",
                Some("1494-spring"),
                "report",
                Some("F"),
                "sent",
            )
        },
        // A welcome delivered: its redacted copy in place, the hash of what went out.
        Old {
            attempts: 1,
            sent_at: Some("2026-01-02T12:00:01Z"),
            raw: welcome_sent,
            sent_sha256: Some(sha(&secret_v)),
            ..row(3, "w-v@giglio.invalid", None, "welcome", Some("V"), "sent")
        },
        // A welcome not yet delivered: the secret and its redacted copy.
        Old {
            raw: message("w-m@giglio.invalid", "secret 1SYH-S1XW-A576-X2D5-40ET"),
            redacted: Some(message(
                "w-m@giglio.invalid",
                "secret XXXX-XXXX-XXXX-XXXX-XXXX",
            )),
            ..row(
                4,
                "w-m@giglio.invalid",
                None,
                "welcome",
                Some("M"),
                "queued",
            )
        },
        // Tried once, the server did not answer: to send again.
        Old {
            attempts: 1,
            last_error: Some("timed out"),
            ..row(
                5,
                "r-m@giglio.invalid",
                Some("1494-r01"),
                "report",
                Some("M"),
                "queued",
            )
        },
        Old {
            attempts: 1,
            last_error: Some("550 no such mailbox"),
            ..row(
                6,
                "r-t@giglio.invalid",
                Some("1494-r01"),
                "report",
                Some("T"),
                "failed",
            )
        },
    ]
}

/// A campaign database at version 11 holding `rows`, and a seventh message queued then
/// withdrawn (undo), so its id is used up.
fn version_11(dir: &std::path::Path, rows: &[Old]) {
    let mut conn = Connection::open(dir.join(DB_FILE)).unwrap();
    schema::migrations().to_version(&mut conn, 11).unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, 11);
    conn.execute_batch(
        "INSERT INTO campaign (id, name, master_seed, created_at)
         VALUES (1, 'old', zeroblob(32), '2026-01-01T00:00:00Z');
         INSERT INTO definition (hash, files) VALUES ('d', '{}');
         INSERT INTO phase (seq, key, definition_hash, seed_commitment, opened_at, world)
         VALUES (1, '1494-spring', 'd', 'c1', '2026-01-01T00:00:00Z', '{}'),
                (2, '1494-r01', 'd', 'c2', '2026-01-08T00:00:00Z', '{}');",
    )
    .unwrap();
    for o in rows {
        conn.execute(
            "INSERT INTO outbox (id, message_id, phase_key, kind, nation, recipients, subject, raw,
                                 created_at, status, attempts, last_error, sent_at, redacted,
                                 sent_sha256, archived_to, archived_at)
             VALUES (?1, ?2, ?3, ?4, ?5, '[\"club@example.org\"]', ?6, ?7, '2026-01-01T00:00:00Z',
                     ?8, ?9, ?10, ?11, ?12, ?13, ?14, CASE WHEN ?14 IS NULL THEN NULL ELSE ?11 END)",
            params![
                o.id, o.message_id, o.phase, o.kind, o.nation, format!("subject {}", o.id), o.raw,
                o.status, o.attempts, o.last_error, o.sent_at, o.redacted, o.sent_sha256,
                o.archived_to
            ],
        )
        .unwrap();
    }
    conn.execute_batch(
        "INSERT INTO outbox (id, message_id, kind, recipients, subject, raw, created_at, status)
         VALUES (7, 'gone@giglio.invalid', 'report', '[]', 'gone', X'00', '2026-01-01T00:00:00Z', 'queued');
         DELETE FROM outbox WHERE id = 7;",
    )
    .unwrap();
}

#[test]
fn a_campaign_of_version_11_upgrades_and_its_mail_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let old = old_rows();
    version_11(dir, &old);

    let mut store = Store::open_write(dir, "test").unwrap();
    let conn = &store.conn;
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    // Upgraded to the latest version (12 moved the bytes; 15 added the service's row;
    // 16 the letters; 17 the referee's word on late files; 18 extensions granted; 19
    // delivered mail kept packed; 20 the draws of the dice; 21 the world an undone
    // resolution opened).
    assert_eq!(version, 21);
    assert_eq!(store.withdrawn_world("1494-r01").unwrap(), None);
    assert_eq!(store.service().unwrap(), Default::default());
    // A phase written before draws existed keeps the seed it was committed to.
    assert_eq!(
        store.seed_commitment_of("1494-r01").unwrap(),
        crate::rules::dice::seed_commitment(&crate::rules::dice::phase_seed(&[0; 32], "1494-r01"))
    );
    // The record lost its bytes; its index, its unique Message-ID and its counter stayed.
    let columns: Vec<String> = conn
        .prepare("SELECT name FROM pragma_table_info('outbox')")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert!(!columns.iter().any(|c| c == "raw" || c == "redacted"));
    let indexes: Vec<(String, bool)> = conn
        .prepare("SELECT name, \"unique\" FROM pragma_index_list('outbox') ORDER BY name")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<rusqlite::Result<_>>()
        .unwrap();
    assert!(
        indexes.contains(&("outbox_by_status".into(), false)),
        "{indexes:?}"
    );
    assert!(indexes.iter().any(|(_, unique)| *unique), "{indexes:?}");
    let counter: i64 = conn
        .query_row(
            "SELECT seq FROM sqlite_sequence WHERE name = 'outbox'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(counter, 7);
    assert_eq!(store.integrity_check().unwrap(), "ok");
    let orphans: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(orphans, 0);

    // Every record as it was, every message's bytes as they were (none once archived).
    let rows = store.outbox(None).unwrap();
    assert_eq!(rows.len(), old.len());
    for (o, r) in old.iter().zip(&rows) {
        let was = (
            o.id,
            o.message_id,
            o.phase,
            o.kind,
            o.nation,
            o.status,
            o.attempts,
            o.last_error,
            o.sent_at,
        );
        let status = match r.status {
            Status::Queued => "queued",
            Status::Sent => "sent",
            Status::Failed => "failed",
        };
        let is = (
            r.id,
            r.message_id.as_str(),
            r.phase.as_deref(),
            r.kind.as_str(),
            r.nation.as_deref(),
            status,
            r.attempts,
            r.last_error.as_deref(),
            r.sent_at.as_deref(),
        );
        assert_eq!(was, is);
        assert_eq!(r.recipients, ["club@example.org"]);
        assert_eq!(r.subject, format!("subject {}", o.id));
        assert_eq!(r.created_at, "2026-01-01T00:00:00Z");
        let bytes = store.message_bytes(o.id).unwrap();
        if o.archived_to.is_some() {
            assert_eq!(bytes, None, "{}: archived", o.message_id);
        } else {
            assert!(
                bytes.as_deref() == Some(&o.raw[..]),
                "{}: its bytes",
                o.message_id
            );
        }
        let redacted: Option<Vec<u8>> = store
            .conn
            .query_row(
                "SELECT redacted FROM outbox_raw WHERE id = ?1",
                [o.id],
                |r| r.get(0),
            )
            .unwrap_or(None);
        assert_eq!(redacted, o.redacted, "{}: its redacted copy", o.message_id);
    }
    // What the canonical dump says of each message is unchanged.
    let mut dump = String::new();
    store.dump_mail(&mut dump).unwrap();
    for o in &old {
        let line = format!("outbox {} ", o.message_id);
        let line = dump.lines().find(|l| l.starts_with(&line)).unwrap();
        assert!(
            line.contains(&format!(" sha256 {} ", sha(&o.raw))),
            "{line}"
        );
    }
    assert_eq!(
        store.undelivered_secrets().unwrap(),
        [("M".to_owned(), "w-m@giglio.invalid".to_owned())]
    );
    let record = |s: &Store, id: &str| s.sent_record(id).unwrap().unwrap();
    assert_eq!(
        record(&store, "r-v@giglio.invalid"),
        (
            sha(b"the bytes archived"),
            Some("/referee/1494.mbox".into())
        )
    );
    assert_eq!(
        record(&store, "r-f@giglio.invalid"),
        (sha(&old[1].raw), None)
    );
    assert_eq!(
        record(&store, "w-v@giglio.invalid"),
        (old[2].sent_sha256.clone().unwrap(), None)
    );
    let size = store.size().unwrap();
    assert_eq!(
        size.sent_mail_bytes,
        (old[1].raw.len() + old[2].raw.len()) as u64
    );
    assert_eq!(size.archived_messages, 1);

    // The queue goes out: the retried report and the welcome, byte for byte; the
    // welcome then keeps only its redacted copy and the hash of what went out.
    let out = dir.join("out");
    let sent = send_queued(
        &mut store,
        &Sink::Files(out.clone()),
        &|| NOW.into(),
        &|_, _| {},
    )
    .unwrap();
    assert_eq!(
        (sent.sent, sent.failed, sent.deferred),
        (2, 0, 0),
        "{:?}",
        sent.errors
    );
    for o in &old[3..5] {
        let file = out.join(format!("{}.eml", o.message_id.replace('@', "_")));
        assert!(
            std::fs::read(&file).unwrap() == o.raw,
            "{}: sent as stored",
            o.message_id
        );
    }
    assert!(store.undelivered_secrets().unwrap().is_empty());
    assert!(store.message_bytes(4).unwrap() == old[3].redacted);
    assert_eq!(
        record(&store, "w-m@giglio.invalid"),
        (sha(&old[3].raw), None)
    );
    let after = store.outbox(None).unwrap();
    assert_eq!(
        after
            .iter()
            .map(|r| (r.status, r.attempts))
            .collect::<Vec<_>>(),
        [
            (Status::Sent, 1),
            (Status::Sent, 1),
            (Status::Sent, 1),
            (Status::Sent, 1),
            (Status::Sent, 2),
            (Status::Failed, 1)
        ]
    );

    // New mail takes the next id, never the one withdrawn; queueing it again changes
    // nothing.
    let new = OutMessage {
        message_id: "r-s@giglio.invalid".into(),
        phase: Some("1494-r01".into()),
        kind: "report".into(),
        nation: Some("S".into()),
        recipients: vec!["s@example.org".into()],
        subject: "new".into(),
        raw: message("r-s@giglio.invalid", "new"),
        redacted: None,
    };
    assert_eq!(
        store
            .queue(std::slice::from_ref(&new), NOW, "test")
            .unwrap(),
        1
    );
    assert_eq!(
        store
            .queue(std::slice::from_ref(&new), NOW, "test")
            .unwrap(),
        0
    );
    let last = store.outbox(None).unwrap().pop().unwrap();
    assert_eq!(
        (last.id, last.message_id.as_str()),
        (8, "r-s@giglio.invalid")
    );
    assert!(store.message_bytes(8).unwrap() == Some(new.raw.clone()));

    // Archiving before 1494-r01 takes the spring's delivered messages still held.
    let archivable = store.archivable("1494-r01").unwrap();
    let ids: Vec<i64> = archivable.iter().map(|a| a.id).collect();
    assert_eq!(ids, [2, 3, 4]);
    assert_eq!(
        store
            .mark_archived(&archivable, "/referee/more.mbox", NOW, "test")
            .unwrap(),
        3
    );
    for id in [2, 3, 4] {
        assert_eq!(store.message_bytes(id).unwrap(), None);
    }
    assert_eq!(
        record(&store, "r-f@giglio.invalid"),
        (sha(&old[1].raw), Some("/referee/more.mbox".into()))
    );
    assert_eq!(
        record(&store, "w-m@giglio.invalid"),
        (sha(&old[3].raw), Some("/referee/more.mbox".into()))
    );
    assert_eq!(store.size().unwrap().archived_messages, 4);
    // The report delivered here is kept packed (V19): it reads back byte for byte, and
    // what it holds of the file is its packed length. Rows delivered before the upgrade
    // stayed as they were and read the same (above).
    let (packed, kept): (bool, i64) = store
        .conn
        .query_row(
            "SELECT packed, length(raw) FROM outbox_raw WHERE id = 5",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(packed);
    assert!(store.message_bytes(5).unwrap() == Some(old[4].raw.clone()));
    assert_eq!(store.size().unwrap().sent_mail_bytes, kept as u64);

    // A record withdrawn takes its bytes with it.
    store
        .conn
        .execute("DELETE FROM outbox WHERE id = 8", [])
        .unwrap();
    let held: i64 = store
        .conn
        .query_row("SELECT count(*) FROM outbox_raw WHERE id = 8", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(held, 0);

    // And a backup of the upgraded campaign is sound.
    let copy = dir.join("copy.sqlite");
    store.backup_into(&copy).unwrap();
    let checked = super::check_backup(&copy).unwrap();
    assert_eq!((checked.integrity.as_str(), checked.messages), ("ok", 6));
}
