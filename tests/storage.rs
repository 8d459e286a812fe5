//! The campaign database: new → export round trips, undo restores the previous phase
//! byte for byte, a second writer is refused.

use crate::common::{TestCampaign, code_of, export_and_commitment, stderr_of};
use giglio::report::export::Export;
use giglio::rules::World;
use giglio::rules::dice::{Dice, SeededDice};
use giglio::scenario::{self, Source};
use giglio::storage::{Advance, Store};

fn shipped_world() -> World {
    let c = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
    let played: Vec<_> = c
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    World::start(&c, &played)
}

#[test]
fn new_then_export_round_trips_to_the_starting_world() {
    let t = TestCampaign::new();
    let json = t.stdout(&["export", "--json"]);
    let export: Export =
        serde_json::from_str(&json).expect("export is valid JSON of the documented shape");
    assert_eq!(export.format, "giglio-export/1");
    assert_eq!(export.phase.key, "1494-spring");
    let world = export.world().expect("the export rebuilds a world");
    assert_eq!(world, shipped_world(), "export → world is lossless");
    // And what the export says agrees with start.toml: Venice's treasury and armies.
    let venice = export
        .nations
        .iter()
        .find(|n| n.code.as_str() == "V")
        .expect("Venice");
    assert_eq!(venice.treasury, 600);
    let armies: Vec<(String, i64)> = venice
        .armies
        .iter()
        .map(|a| (a.node.to_string(), a.value))
        .collect();
    assert_eq!(armies, [("V4".to_owned(), 350), ("V8".to_owned(), 150)]);
    assert!(venice.club.is_some(), "Venice is played by a club");
    let swiss = export
        .nations
        .iter()
        .find(|n| n.code.as_str() == "CH")
        .expect("Swiss");
    assert!(swiss.club.is_none(), "the Swiss are neutral by default");
    // Exporting twice gives the same bytes.
    assert_eq!(t.stdout(&["export", "--json"]), json);
}

/// Resolves the open phase with a stand-in change (treasuries and one die), as a
/// phase's resolution would, and saves it.
fn advance_once(store: &mut Store) {
    let current = store.current().expect("current");
    let mut next = current.world.clone();
    next.phase = current.world.phase.next(10, 1498).expect("a next phase");
    let mut dice = SeededDice::new(store.phase_seed().expect("seed"));
    let roll = dice.d6("test/treasury", "test change");
    for n in next.nations.values_mut() {
        n.treasury += i64::from(roll);
    }
    store
        .advance(Advance {
            definition: None,
            next: Some(&next),
            resolution: None,
            rolls: dice.log(),
            now: "1494-09-02T08:00:00Z",
            command: "test",
            description: "test advance",
            outbox: &[],
            deadline: None,
            letters: &[],
        })
        .expect("advance");
}

#[test]
fn undo_restores_the_previous_phase_byte_for_byte() {
    let t = TestCampaign::new();
    let mut store = Store::open_write(&t.dir, "test").expect("open");
    let before = store.canonical_dump().expect("dump");
    advance_once(&mut store);
    let after = store.canonical_dump().expect("dump");
    assert_ne!(before, after, "the advance changed the campaign");
    assert_eq!(store.current().expect("current").id.key(), "1494-r01");
    assert_eq!(
        store.dice(None).expect("dice").len(),
        1,
        "the die is logged"
    );
    store.undo("1494-09-03T08:00:00Z", "undo").expect("undo");
    assert_eq!(
        store.canonical_dump().expect("dump"),
        before,
        "undo is exact"
    );
    // Redoing gives the same result as the first time: same seed, same die.
    advance_once(&mut store);
    assert_eq!(
        store.canonical_dump().expect("dump"),
        after,
        "redo is reproducible"
    );
    assert_eq!(store.integrity_check().expect("check"), "ok");
    // The journal keeps all of it.
    let journal: Vec<String> = store
        .journal()
        .expect("journal")
        .into_iter()
        .map(|j| j.description)
        .collect();
    // new, the first phase's deadline, advance, undo, advance.
    assert_eq!(journal.len(), 5, "{journal:?}");
    assert!(
        journal[1].starts_with("deadline of 1494-spring"),
        "{journal:?}"
    );
    assert!(journal[3].starts_with("undo"), "{journal:?}");
}

/// A phase found by its key, and the list of phases without their worlds, agree with
/// every phase read whole.
#[test]
fn a_phase_found_by_key_and_the_phase_list_agree_with_every_phase() {
    let t = TestCampaign::new();
    let mut store = Store::open_write(&t.dir, "test").expect("open");
    advance_once(&mut store);
    let whole = store.phases().expect("phases");
    assert_eq!(whole.len(), 2);
    let list = store.phase_list().expect("list");
    let ids: Vec<_> = list.iter().map(|(id, _)| *id).collect();
    assert_eq!(ids, whole.iter().map(|p| p.id).collect::<Vec<_>>());
    // The first resolved (its seed revealed), the second open.
    assert!(list[0].1.is_some() && list[1].1.is_none(), "{list:?}");
    assert!(whole[0].revealed_seed.is_some() && whole[1].revealed_seed.is_none());
    for p in &whole {
        let found = store.phase(&p.id.key()).expect("phase").expect("found");
        assert_eq!(found.id, p.id);
        assert_eq!(found.world, p.world);
        assert_eq!(found.seed_commitment, p.seed_commitment);
        assert_eq!(found.revealed_seed, p.revealed_seed);
    }
    assert!(store.phase("1499-r03").expect("phase").is_none());
}

#[test]
fn the_cli_undoes_a_resolved_phase_and_refuses_at_the_first() {
    let t = TestCampaign::new();
    let a = t.run(&["undo"]).failure();
    assert_eq!(code_of(&a), 1);
    assert!(
        stderr_of(&a).contains("nothing to undo"),
        "{}",
        stderr_of(&a)
    );
    let export_before = t.stdout(&["export", "--json"]);
    {
        let mut store = Store::open_write(&t.dir, "test").expect("open");
        advance_once(&mut store);
    }
    assert_ne!(t.stdout(&["export", "--json"]), export_before);
    assert!(t.stdout(&["undo"]).contains("1494 spring is open again"));
    // The same world; the dice drawn anew (the ruling `fresh_seed_after_undo`).
    let (before, old) = export_and_commitment(&export_before);
    let (after, new) = export_and_commitment(&t.stdout(&["export", "--json"]));
    assert_eq!(after, before);
    assert_ne!(new, old, "the reopened phase has a new seed");
}

#[test]
fn a_second_writer_is_refused_with_the_busy_code() {
    let t = TestCampaign::new();
    let _held = Store::open_write(&t.dir, "resolve 1494 spring").expect("first writer");
    let a = t.run(&["undo"]).failure();
    assert_eq!(code_of(&a), 75, "the busy exit code");
    let err = stderr_of(&a);
    assert!(err.contains("busy"), "{err}");
    assert!(
        err.contains("resolve 1494 spring"),
        "names what holds it: {err}"
    );
    assert!(
        err.ends_with(
            "\nHint: another giglio process is writing this campaign; try again when it has finished\n"
        ),
        "says what to do: {err}"
    );
    // Readers are not blocked.
    t.run(&["status"]).success();
    // A second writer in the same process is refused too.
    assert!(matches!(
        Store::open_write(&t.dir, "x"),
        Err(e) if matches!(e.kind(), giglio::error::ErrorKind::Busy)
    ));
}

/// A stored row that no longer reads back is an internal error (70) that names what is
/// damaged, and a hint says how to recover.
#[test]
fn a_damaged_campaign_file_is_70_and_points_at_the_backup() {
    let t = TestCampaign::new();
    let conn = rusqlite::Connection::open(t.dir.join("giglio.sqlite")).expect("the database");
    conn.execute("UPDATE club SET emails = 'not JSON'", [])
        .expect("damage the club addresses");
    drop(conn);
    let a = t.run(&["club", "list"]).failure();
    assert_eq!(code_of(&a), 70, "{}", stderr_of(&a));
    let err = stderr_of(&a);
    assert!(
        err.starts_with("error: internal error: stored club addresses cannot be read back"),
        "{err}"
    );
    assert!(
        err.contains("\nHint: restore the last backup that `giglio backup` made"),
        "{err}"
    );
}

#[test]
fn the_lock_is_released_when_the_writer_ends() {
    let t = TestCampaign::new();
    drop(Store::open_write(&t.dir, "first").expect("first"));
    Store::open_write(&t.dir, "second").expect("the lock was released");
}

#[test]
fn a_campaign_cannot_be_created_twice_in_one_directory() {
    let t = TestCampaign::new();
    let a = crate::common::giglio(t.tmp.path())
        .args(["new", "campaign"])
        .assert()
        .failure();
    assert_eq!(code_of(&a), 1);
    assert!(stderr_of(&a).contains("already holds a campaign"));
}

#[test]
fn phase_seeds_are_committed_then_revealed() {
    let t = TestCampaign::new();
    let mut store = Store::open_write(&t.dir, "test").expect("open");
    let opened = store.current().expect("current");
    assert!(
        opened.revealed_seed.is_none(),
        "the seed stays secret while the phase is open"
    );
    let seed = store.phase_seed().expect("seed");
    assert_eq!(
        giglio::rules::dice::seed_commitment(&seed),
        opened.seed_commitment
    );
    advance_once(&mut store);
    let phases = store.phases().expect("phases");
    assert_eq!(
        phases[0].revealed_seed.as_deref(),
        Some(hex::encode(seed).as_str()),
        "revealed after resolution"
    );
    assert!(phases[1].revealed_seed.is_none());
}

/// `giglio mail archive`: the bytes of mail delivered before a phase go to an mbox the
/// referee keeps; each message keeps its record and the SHA-256 of what was sent, which
/// the archived copy matches; nothing is archived twice, an existing file is never
/// overwritten, and `status` tells the size.
#[test]
fn delivered_mail_is_archived_with_its_record() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.run(&["mail", "send"]).success();
    t.run(&["resolve", "--force"]).success();
    t.run(&["mail", "send"]).success();
    let before = Store::open_read(&t.dir)
        .expect("open")
        .size()
        .expect("size");
    let out = t.stdout(&[
        "mail", "archive", "--before", "1494-r02", "--to", "old.mbox", "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    let archived = v["archived"].as_u64().expect("a count") as usize;
    assert!(archived > 0, "{out}");
    let mbox = std::fs::read(t.dir.parent().unwrap().join("old.mbox")).expect("the archive");
    let read: Vec<Vec<u8>> = giglio::mail::mbox::Messages::new(&mbox[..], 1 << 24)
        .map(|m| m.expect("a message"))
        .collect();
    assert_eq!(read.len(), archived);
    let store = Store::open_read(&t.dir).expect("open");
    for raw in &read {
        let raw = raw.strip_suffix(b"\n").expect("the separator line");
        let msg = mail_parser::MessageParser::default()
            .parse(raw)
            .expect("a message");
        let id = msg.message_id().expect("a Message-ID");
        let (sha, to) = store
            .sent_record(id)
            .expect("read")
            .expect("the record stays");
        assert_eq!(sha, giglio::submission::sha256_hex(raw), "{id}");
        assert_eq!(to.as_deref(), Some("old.mbox"));
    }
    let after = store.size().expect("size");
    assert!(after.sent_mail_bytes < before.sent_mail_bytes);
    assert_eq!(after.archived_messages as usize, archived);
    drop(store);
    let status = t.stdout(&["status"]);
    assert!(
        status.contains(&format!("{archived} messages archived")),
        "{status}"
    );
    let again = t.stdout(&[
        "mail", "archive", "--before", "1494-r02", "--to", "new.mbox",
    ]);
    assert!(again.contains("nothing to archive"), "{again}");
    let clash = t
        .run(&[
            "mail", "archive", "--before", "1494-r03", "--to", "old.mbox",
        ])
        .failure();
    assert!(crate::common::stderr_of(&clash).contains("exists already"));
    // Sending again sends nothing: archived messages were delivered.
    let send = t.stdout(&["mail", "send", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&send).expect("json");
    assert_eq!(v["sent"], 0, "{send}");
}
