//! Crash safety (issue 8): a crash at every failpoint of `inbox`, `resolve` and
//! `mail send`, and `kill -9` at failpoints drawn at random (while the command is
//! stopped there, or just after it goes on), then a rerun, ends exactly where a
//! clean run ends; and nothing is ever taken, resolved or sent twice. The same for a
//! pass of `giglio run --once` and for the long-running `giglio run` (issue 28).
//!
//! "Exactly" means: the clock is pinned (GIGLIO_NOW), so the whole campaign compares —
//! the canonical dump (game state, deadlines, outbox, inbox verdicts), the journal with
//! its times, every outbox row with its times and tries, every inbox row, every file
//! the file sink wrote and the Maildir's layout, byte for byte. The crash itself is
//! `std::process::abort` at the k-th failpoint (`src/failpoint.rs`) or SIGKILL.
//!
//! A crashed `resolve` is finished the way a referee would: `giglio resolve` again only
//! if the phase is still open (a committed resolution is never redone: the next phase
//! is what `resolve` would then resolve; `never_twice` checks that is harmless).
//!
//! `GIGLIO_LONG=1` runs 300 kill trials (100 per command) instead of 24, and crashes the
//! SMTP sender at every failpoint instead of those of its first and last message.
#![cfg(unix)]

// NOW: the pinned clock of every command here, the one `TestCampaign::new` creates with.
use crate::common::{NOW, TestCampaign};
use giglio::storage::Store;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

mod service;

const SPRING: &str = "1494-spring";
const REFEREE: &str = "arbitro@example.org";
const SIGABRT: i32 = 6;
const SIGKILL: i32 = 9;

/// One command of the mail cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Inbox,
    Resolve,
    Send,
}

const CYCLE: [Op; 3] = [Op::Inbox, Op::Resolve, Op::Send];

/// A campaign in its own temporary folder: the campaign directory, the Maildir clubs
/// write to, the folder `mail send` writes to.
struct Site {
    tmp: tempfile::TempDir,
}

impl Site {
    fn root(&self) -> &Path {
        self.tmp.path()
    }
    fn dir(&self) -> PathBuf {
        self.root().join("campaign")
    }
    fn maildir(&self) -> PathBuf {
        self.root().join("maildir")
    }
    fn out(&self) -> PathBuf {
        self.root().join("out")
    }

    /// A copy of this site (no giglio process may be running on it).
    fn copy(&self) -> Site {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        copy_tree(self.root(), tmp.path());
        Site { tmp }
    }

    /// The real binary on this campaign with the pinned clock and no failpoint.
    fn giglio(&self) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_giglio"));
        c.current_dir(self.root())
            .arg("-C")
            .arg(self.dir())
            .env("GIGLIO_NOW", NOW)
            .env_remove(giglio::failpoint::CRASH_AT)
            .env_remove(giglio::failpoint::CRASH_COUNT)
            .stdin(Stdio::null());
        // `--to-dir` wins over an SMTP server, but keep the caller's settings out.
        for (k, _) in std::env::vars() {
            if k.starts_with("GIGLIO_SMTP_") {
                c.env_remove(k);
            }
        }
        c
    }

    fn command(&self, op: Op) -> Command {
        let mut c = self.giglio();
        match op {
            Op::Inbox => c.arg("inbox").arg("--maildir").arg(self.maildir()),
            Op::Resolve => c.args(["resolve", "--force"]),
            Op::Send => c.args(["mail", "send", "--to-dir"]).arg(self.out()),
        };
        c
    }

    /// Runs a command of the cycle, optionally crashing at its k-th failpoint.
    fn run(&self, op: Op, crash_at: Option<u64>, count: bool) -> Output {
        let mut c = self.command(op);
        if let Some(k) = crash_at {
            c.env(giglio::failpoint::CRASH_AT, k.to_string());
        }
        if count {
            c.env(giglio::failpoint::CRASH_COUNT, "1");
        }
        c.output().expect("giglio runs")
    }

    /// Runs a command that must succeed.
    fn ok(&self, op: Op) -> Output {
        let out = self.run(op, None, false);
        assert!(out.status.success(), "{op:?} failed: {}", text(&out));
        out
    }

    fn store(&self) -> Store {
        Store::open_read(&self.dir()).expect("the campaign opens")
    }

    fn open_phase(&self) -> String {
        self.store().current().expect("the open phase").id.key()
    }

    /// Finishes a command that was interrupted, as a referee would: an interrupted
    /// `resolve` is run again only if its phase is still open.
    fn finish(&self, op: Op) {
        if op == Op::Resolve && self.open_phase() != SPRING {
            return;
        }
        self.ok(op);
    }
}

fn text(out: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a folder");
    for e in std::fs::read_dir(from).expect("read a folder") {
        let e = e.expect("a folder entry");
        let target = to.join(e.file_name());
        if e.file_type().expect("a file type").is_dir() {
            copy_tree(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).expect("copy a file");
        }
    }
}

/// A message's stored bytes (none once archived).
fn bytes_of(store: &Store, id: i64) -> Vec<u8> {
    store
        .message_bytes(id)
        .expect("a message's bytes")
        .unwrap_or_default()
}

fn sha(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Everything a rerun must reproduce, by section, as text.
#[derive(Clone, PartialEq, Eq)]
struct State(BTreeMap<&'static str, String>);

impl State {
    /// Reads a site's state; the database must pass SQLite's integrity check.
    fn of(site: &Site) -> State {
        let store = site.store();
        assert_eq!(store.integrity_check().expect("integrity check"), "ok");
        let mut s = BTreeMap::new();
        s.insert("dump", store.canonical_dump().expect("the canonical dump"));
        s.insert("journal", lines(store.journal().expect("the journal")));
        s.insert("outbox", outbox_lines(&store));
        s.insert("inbox", inbox_lines(&store));
        s.insert("files", listing(&site.out(), true));
        s.insert("maildir", listing(&site.maildir(), false));
        State(s)
    }

    /// The database's part alone (what one SQLite transaction changes).
    fn db(&self) -> State {
        let mut s = self.0.clone();
        s.retain(|k, _| ["dump", "journal", "outbox", "inbox"].contains(k));
        State(s)
    }

    fn digest(&self) -> String {
        let mut h = Sha256::new();
        for (k, v) in &self.0 {
            h.update(k.as_bytes());
            h.update(v.as_bytes());
        }
        hex::encode(h.finalize())[..16].to_owned()
    }

    /// Names the first line that differs, if any.
    fn check_same(&self, clean: &State, what: &str) -> Result<(), String> {
        for (section, want) in &clean.0 {
            let got = &self.0[section];
            if got == want {
                continue;
            }
            let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
            let i = (0..g.len().max(w.len()))
                .find(|&i| g.get(i) != w.get(i))
                .unwrap_or(0);
            return Err(format!(
                "{what}: `{section}` differs from the clean run at line {}:\n  got:   {}\n  clean: {}",
                i + 1,
                g.get(i).map_or("(nothing)", |l| cut(l)),
                w.get(i).map_or("(nothing)", |l| cut(l)),
            ));
        }
        Ok(())
    }

    /// Panics, naming the first line that differs, unless both are equal.
    fn assert_same(&self, clean: &State, what: &str) {
        if let Err(e) = self.check_same(clean, what) {
            panic!("{e}");
        }
    }
}

fn cut(line: &str) -> &str {
    &line[..line.floor_char_boundary(300)]
}

fn lines<T: std::fmt::Debug>(rows: Vec<T>) -> String {
    rows.iter().map(|r| format!("{r:?}\n")).collect()
}

/// The inbox, with where each message was read from relative to its Maildir: sites
/// are copied from folder to folder, and where a site lives is no part of its state.
fn inbox_lines(store: &Store) -> String {
    let mut rows = store.inbox().expect("the inbox");
    for r in &mut rows {
        if let Some((_, rel)) = r.source.rsplit_once("/maildir/") {
            r.source = format!("maildir/{rel}");
        }
    }
    lines(rows)
}

fn outbox_lines(store: &Store) -> String {
    let rows = store.outbox(None).expect("the outbox");
    rows.iter()
        .map(|r| {
            format!(
                "{} {} {:?} {} {:?} {:?} {:?} sha256 {} created {} {:?} tries {} {:?} sent {:?}\n",
                r.id,
                r.message_id,
                r.phase,
                r.kind,
                r.nation,
                r.recipients,
                r.subject,
                sha(&bytes_of(store, r.id)),
                r.created_at,
                r.status,
                r.attempts,
                r.last_error,
                r.sent_at
            )
        })
        .collect()
}

/// Every file under a folder (hidden ones too), by relative path, with the hash of its
/// bytes when `contents`.
fn listing(dir: &Path, contents: bool) -> String {
    let mut out = Vec::new();
    walk(dir, dir, contents, &mut out);
    out.sort();
    out.concat()
}

fn walk(root: &Path, dir: &Path, contents: bool, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries {
        let path = e.expect("a folder entry").path();
        if path.is_dir() {
            walk(root, &path, contents, out);
            continue;
        }
        let name = path.strip_prefix(root).expect("under root").display();
        out.push(if contents {
            format!("{name} {}\n", sha(&std::fs::read(&path).expect("read")))
        } else {
            format!("{name}\n")
        });
    }
}

/// The failpoints a command passed, from its `GIGLIO_CRASH_COUNT` trace.
fn failpoints(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .filter_map(|l| l.strip_prefix("giglio failpoint #"))
        .map(|l| l.split_once(' ').map_or(l, |(_, name)| name).to_owned())
        .collect()
}

/// An order message from a registered (or any) address.
fn letter(from: &str, n: usize, body: &str) -> String {
    format!(
        "From: {from}\r\nTo: {REFEREE}\r\nSubject: orders {n}\r\nMessage-ID: <{n}.orders@clubs.example>\r\nDate: Sat, 01 Mar 2025 07:{:02}:00 +0000\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n",
        n % 60
    )
}

/// The messages of a phase: every club's orders, a second version from Venice, a
/// forgery from another club's address, a wrong secret, a file that does not read, and
/// mail that is not orders at all — every verdict intake gives.
fn season_mail(t: &TestCampaign, clubs: &[giglio::storage::Club], phase: &str) -> Vec<String> {
    let head = |nation: &str, secret: &str| {
        format!("club = \"{nation}\"\nphase = \"{phase}\"\nsecret = \"{secret}\"\n")
    };
    let spring = phase == SPRING;
    let mut out = Vec::new();
    for (i, c) in clubs.iter().enumerate() {
        let mut body = head(&c.nation, &t.secrets[&c.nation]);
        if spring && c.nation == "V" {
            body.push_str("loan = 100\n[[raise]]\nnode = \"V0\"\nvalue = 200\n");
        }
        out.push(letter(&c.emails[0], i, &body));
    }
    let email = |n: &str| &clubs.iter().find(|c| c.nation == n).expect("a club").emails[0];
    let v = head("V", &t.secrets["V"]);
    let again = if spring {
        format!("{v}loan = 50\n[[raise]]\nnode = \"V0\"\nvalue = 150\n")
    } else {
        format!("{v}# the same orders, sent again\n")
    };
    out.push(letter(email("V"), 20, &again));
    out.push(letter(email("M"), 21, &v));
    out.push(letter(email("F"), 22, &head("F", "WRONG-SECRET-0000-0000")));
    out.push(letter(
        email("S"),
        23,
        &format!("{}no_such_order = 1\n", head("S", &t.secrets["S"])),
    ));
    out.push(letter(
        "someone@elsewhere.example",
        24,
        "hello, is this the wargame?",
    ));
    out
}

/// Writes messages into a Maildir's new/.
fn deliver(maildir: &Path, tag: &str, messages: &[String]) {
    let new = maildir.join("new");
    std::fs::create_dir_all(&new).expect("create new/");
    std::fs::create_dir_all(maildir.join("cur")).expect("create cur/");
    std::fs::create_dir_all(maildir.join("tmp")).expect("create tmp/");
    for (i, m) in messages.iter().enumerate() {
        std::fs::write(new.join(format!("{tag}-{i:02}.clubs")), m).expect("write a message");
    }
}

/// A campaign with the referee's address set and a Maildir holding a spring's mail,
/// nothing read yet.
fn fresh() -> (TestCampaign, Site) {
    let t = TestCampaign::new();
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).expect("giglio.toml");
    assert!(text.contains("referee = []"), "{text}");
    std::fs::write(
        &config,
        text.replace("referee = []", &format!("referee = [\"{REFEREE}\"]"))
            .replace("arbitro@giglio.invalid", "arbitro@giglio.test"),
    )
    .expect("write giglio.toml");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    copy_tree(&t.dir, &tmp.path().join("campaign"));
    let site = Site { tmp };
    let clubs = site.store().clubs().expect("clubs");
    deliver(&site.maildir(), "spring", &season_mail(&t, &clubs, SPRING));
    (t, site)
}

/// The clean run: a copy of the site before each command and after the last, the
/// state after each, and the failpoints each passed.
struct Clean {
    before: Vec<Site>,
    after: Vec<State>,
    points: Vec<Vec<String>>,
}

fn clean_run(site: Site) -> Clean {
    let mut clean = Clean {
        before: Vec::new(),
        after: Vec::new(),
        points: Vec::new(),
    };
    for op in CYCLE {
        clean.before.push(site.copy());
        let out = site.run(op, None, true);
        assert!(out.status.success(), "clean {op:?}: {}", text(&out));
        clean.points.push(failpoints(&out));
        clean.after.push(State::of(&site));
    }
    clean
}

/// How many commands the tests run at once.
fn workers() -> usize {
    std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(4)
}

/// Runs `f` on every item, on [`workers`] threads.
fn par_each<T: Sync>(items: &[T], f: impl Fn(&T) + Sync) {
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..workers() {
            s.spawn(|| {
                while let Some(item) = items.get(next.fetch_add(1, Ordering::SeqCst)) {
                    f(item);
                }
            });
        }
    });
}

/// What a crashed command may leave behind, before anything is rerun.
fn check_crash_state(site: &Site, op: Op, before: &State, after: &State, what: &str) {
    let now = State::of(site); // includes the integrity check
    let store = site.store();
    let outbox = store.outbox(None).expect("the outbox");
    // Every visible .eml is whole: exactly the bytes of a queued message (or, for one
    // delivered and now kept as a copy without what it quoted, the bytes that went out).
    let raws: Vec<Vec<u8>> = outbox.iter().map(|r| bytes_of(&store, r.id)).collect();
    let sent: Vec<String> = outbox
        .iter()
        .filter_map(|r| store.sent_sha256(r.id).expect("the outbox"))
        .collect();
    if let Ok(entries) = std::fs::read_dir(site.out()) {
        for e in entries {
            let path = e.expect("an entry").path();
            if path.extension().is_some_and(|x| x == "eml") {
                let bytes = std::fs::read(&path).expect("read");
                assert!(
                    raws.contains(&bytes) || sent.contains(&sha(&bytes)),
                    "{what}: {} is not a whole message",
                    path.display()
                );
            }
        }
    }
    match op {
        // One transaction: all of it or none of it.
        Op::Resolve => {
            if now.db() != after.db() {
                let what = format!("{what}: a crashed resolve left the database half way");
                now.db().assert_same(&before.db(), &what);
            }
        }
        // A row marked sent has its file on disk.
        Op::Send => {
            for r in outbox.iter().filter(|r| r.sent_at.is_some()) {
                assert!(
                    now.0["files"].contains(&format!("{}.eml ", file_name(&r.message_id))),
                    "{what}: {} is marked sent but its file is missing",
                    r.message_id
                );
            }
        }
        Op::Inbox => {}
    }
}

/// The name the file sink gives a message (as `mail::deliver` does).
fn file_name(message_id: &str) -> String {
    message_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-._".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[test]
fn a_crash_at_every_failpoint_then_a_rerun_ends_as_the_clean_run() {
    let (_t, site) = fresh();
    let clean = clean_run(site);
    let start = State::of(&clean.before[0]);
    let mut cases = Vec::new();
    for (i, op) in CYCLE.into_iter().enumerate() {
        let n = clean.points[i].len() as u64;
        assert!(n > 0, "{op:?} passed no failpoint");
        cases.extend((1..=n).map(|k| (i, op, k)));
    }
    let crashes = Mutex::new(BTreeMap::<String, usize>::new());
    par_each(&cases, |&(i, op, k)| {
        let what = format!("{op:?} crashed at failpoint #{k}");
        let site = clean.before[i].copy();
        let out = site.run(op, Some(k), false);
        assert_eq!(out.status.signal(), Some(SIGABRT), "{what}: {}", text(&out));
        let name = &clean.points[i][k as usize - 1];
        assert!(
            String::from_utf8_lossy(&out.stderr)
                .contains(&format!("giglio failpoint #{k} {name}: crashing")),
            "{what}: {}",
            text(&out)
        );
        let before = if i == 0 { &start } else { &clean.after[i - 1] };
        check_crash_state(&site, op, before, &clean.after[i], &what);
        site.finish(op);
        State::of(&site).assert_same(&clean.after[i], &what);
        *crashes
            .lock()
            .expect("the tally")
            .entry(format!("{op:?} {name}"))
            .or_default() += 1;
    });
    let tally = crashes.into_inner().expect("the tally");
    let total: usize = tally.values().sum();
    assert_eq!(total, cases.len());
    eprintln!(
        "crash at every failpoint: {} crashes ({}), each rerun identical to the clean run (state {})",
        total,
        CYCLE
            .iter()
            .zip(&clean.points)
            .map(|(op, p)| format!("{op:?} k=1..={}", p.len()))
            .collect::<Vec<_>>()
            .join(", "),
        clean.after[2].digest()
    );
    // Every kind of failpoint was crashed at, on every path that has one.
    for name in [
        "ingest.begun",
        "ingest.before_commit",
        "ingest.committed",
        "resolve.render.before",
        "resolve.render.after",
        "advance.begun",
        "advance.before_commit",
        "advance.committed",
        "send.before_write",
        "send.file.before_rename",
        "send.accepted",
        "send.marked_sent",
    ] {
        assert!(
            tally.keys().any(|k| k.ends_with(name)),
            "no crash at {name}: {tally:?}"
        );
    }
}

/// Over SMTP, the one gap no client closes (RFC 1047): a crash after the server took a
/// message and before it is marked sent sends it once more on the rerun, with the same
/// Message-ID. A crash anywhere else sends nothing twice. Every failpoint of the first
/// and the last message (of all of them with GIGLIO_LONG=1).
#[test]
fn over_smtp_a_crash_sends_a_message_twice_only_between_accept_and_mark_sent() {
    use crate::common::servers::{MailOpts, MailServers};
    let (_t, site) = fresh();
    for op in [Op::Inbox, Op::Resolve] {
        site.ok(op);
    }
    let servers = MailServers::start(MailOpts::plain());
    let smtp = |c: &mut Command| {
        c.args(["mail", "send"])
            .env("GIGLIO_SMTP_HOST", "127.0.0.1")
            .env("GIGLIO_SMTP_PORT", servers.smtp_port.to_string())
            .env("GIGLIO_SMTP_SECURITY", "none");
    };
    let ids: Vec<String> = site
        .store()
        .outbox(None)
        .expect("the outbox")
        .into_iter()
        .map(|r| r.message_id)
        .collect();
    let delivered = || -> Vec<usize> { ids.iter().map(|id| servers.deliveries(id)).collect() };
    // The clean run, with its failpoints.
    let clean_site = site.copy();
    let mut c = clean_site.giglio();
    smtp(&mut c);
    let out = c
        .env(giglio::failpoint::CRASH_COUNT, "1")
        .output()
        .expect("giglio runs");
    assert!(out.status.success(), "{}", text(&out));
    let points = failpoints(&out);
    // Three per message: before it goes, accepted, marked sent (no file to rename).
    assert_eq!(points.len(), 3 * ids.len(), "{points:?}");
    assert_eq!(
        delivered(),
        vec![1; ids.len()],
        "the clean run sends each once"
    );
    let clean = State::of(&clean_site).db();
    let ks: Vec<usize> = if std::env::var_os("GIGLIO_LONG").is_some() {
        (1..=points.len()).collect()
    } else {
        (1..=3).chain(points.len() - 2..=points.len()).collect()
    };
    let (cases, mut duplicates) = (ks.len(), 0);
    for k in ks {
        let what = format!(
            "mail send over SMTP crashed at failpoint #{k} {}",
            points[k - 1]
        );
        let trial = site.copy();
        let before = delivered();
        let mut c = trial.giglio();
        smtp(&mut c);
        let out = c
            .env(giglio::failpoint::CRASH_AT, k.to_string())
            .output()
            .expect("giglio runs");
        assert_eq!(out.status.signal(), Some(SIGABRT), "{what}: {}", text(&out));
        let mut c = trial.giglio();
        smtp(&mut c);
        let rerun = c.output().expect("giglio runs");
        assert!(rerun.status.success(), "{what}: {}", text(&rerun));
        State::of(&trial).db().assert_same(&clean, &what);
        let twice: Vec<&String> = ids
            .iter()
            .zip(delivered().iter().zip(&before))
            .filter_map(|(id, (after, before))| match after - before {
                1 => None,
                2 => Some(id),
                n => panic!("{what}: {id} delivered {n} times"),
            })
            .collect();
        // The message being sent when it crashed.
        let n = points[..k]
            .iter()
            .filter(|p| *p == "send.before_write")
            .count();
        let current = &ids[n - 1];
        let expected: Vec<&String> = if points[k - 1] == "send.accepted" {
            vec![current]
        } else {
            Vec::new()
        };
        assert_eq!(twice, expected, "{what}");
        duplicates += twice.len();
    }
    eprintln!(
        "mail send over SMTP: {cases} crashes, each rerun's database identical to the clean run; {duplicates} message(s) delivered twice, each after a crash at send.accepted"
    );
}

/// A small reproducible generator (splitmix64): the kill trials replay exactly.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `1..=n`.
    fn pick(&mut self, n: usize) -> usize {
        1 + (self.next() % n as u64) as usize
    }
}

/// Where a kill trial sends SIGKILL: while the command is stopped at its k-th
/// failpoint (a kill certain to land mid-run, at a known point), or at once after
/// letting it go on from there (a kill that lands wherever the command has got to).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kill {
    Paused,
    Released,
}

/// How one kind of kill trial went.
#[derive(Debug, Default)]
struct Tally {
    trials: usize,
    identical: usize,
    /// The process was still running when SIGKILL came.
    killed: usize,
    /// A killed resolve had already committed.
    committed: usize,
    /// How the others differed from the clean run.
    differ: Vec<String>,
}

/// Starts `op` on `site` stopped at its `k`-th failpoint; returns once it is there.
fn start_paused(site: &Site, op: Op, k: usize) -> std::process::Child {
    spawn_paused(site.command(op), k, &format!("{op:?}"))
}

/// Starts a command that stops at its k-th failpoint, and returns once it is stopped
/// there (its stdin, when dropped, lets it go on).
fn spawn_paused(mut c: Command, k: usize, what: &str) -> std::process::Child {
    use std::io::BufRead;
    let mut child = c
        .env(giglio::failpoint::PAUSE_AT, format!("#{k}"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("giglio starts");
    let mut lines = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut seen = String::new();
    loop {
        let mut line = String::new();
        let n = lines.read_line(&mut line).expect("read stderr");
        seen.push_str(&line);
        assert!(n > 0, "{what} ended before failpoint #{k}: {seen}");
        if line.starts_with(giglio::failpoint::PAUSED) {
            break;
        }
    }
    // Its later stderr goes nowhere: nothing reads it, and a full pipe must not stop it.
    std::thread::spawn(move || std::io::copy(&mut lines, &mut std::io::sink()));
    child
}

#[test]
fn kill_9_at_random_moments_then_a_rerun_ends_as_the_clean_run() {
    let per_op = if std::env::var_os("GIGLIO_LONG").is_some() {
        100
    } else {
        8
    };
    let (_t, site) = fresh();
    let clean = clean_run(site);
    let mut rng = Rng(8);
    // Failpoints drawn over each command's run; half the kills at the point, half just
    // after it.
    let trials: Vec<(usize, Op, usize, Kill)> = (0..per_op * CYCLE.len())
        .map(|n| {
            let i = n % CYCLE.len();
            let how = if (n / CYCLE.len()).is_multiple_of(2) {
                Kill::Paused
            } else {
                Kill::Released
            };
            (i, CYCLE[i], rng.pick(clean.points[i].len()), how)
        })
        .collect();
    let tallies = Mutex::new(BTreeMap::<String, Tally>::new());
    par_each(&trials, |&(i, op, k, how)| {
        let what = format!(
            "{op:?} killed {how:?} at failpoint #{k} {}",
            clean.points[i][k - 1]
        );
        let site = clean.before[i].copy();
        let mut child = start_paused(&site, op, k);
        if how == Kill::Released {
            drop(child.stdin.take());
        }
        let _ = child.kill(); // SIGKILL; an error only means it had already exited
        let status = child.wait().expect("giglio is reaped");
        let killed = status.signal() == Some(SIGKILL);
        assert!(killed || status.success(), "{what}: {status:?}");
        assert!(
            killed || how == Kill::Released,
            "{what}: not killed while paused"
        );
        let committed = op == Op::Resolve && killed && site.open_phase() != SPRING;
        site.finish(op);
        let same = State::of(&site).check_same(&clean.after[i], &what);
        let mut t = tallies.lock().expect("the tally");
        let t = t.entry(format!("{op:?} {how:?}")).or_default();
        t.trials += 1;
        t.killed += usize::from(killed);
        t.committed += usize::from(committed);
        match same {
            Ok(()) => t.identical += 1,
            Err(e) => t.differ.push(e),
        }
    });
    let tallies = tallies.into_inner().expect("the tally");
    for (kind, t) in &tallies {
        eprintln!(
            "kill -9 during {kind} ({} at once): {}/{} identical to the clean run after a rerun ({} killed mid-run{}, the rest had finished)",
            workers(),
            t.identical,
            t.trials,
            t.killed,
            if kind.starts_with("Resolve") {
                format!(", {} of them after the commit", t.committed)
            } else {
                String::new()
            }
        );
    }
    assert_eq!(tallies.len(), 2 * CYCLE.len(), "{tallies:?}");
    for (kind, t) in &tallies {
        assert_eq!(t.identical, t.trials, "{kind}: {}", t.differ.join("\n"));
    }
}

/// Every step of a season's mail, repeated, changes nothing and sends nothing twice;
/// undone and resolved again, round 1 gives the very reports that went. That last part
/// holds for a campaign that keeps its seed through an undo (written before the ruling
/// `fresh_seed_after_undo`): under the ruling each new report reveals a new seed, which
/// `undo::a_re_resolution_with_dice_drawn_anew_sends_the_new_reports` covers.
#[test]
fn never_twice() {
    let (t, site) = fresh();
    crate::common::ruling_off(&site.dir(), "fresh_seed_after_undo");
    let clubs = site.store().clubs().expect("clubs");
    // The spring's mail, read, resolved, sent.
    for op in CYCLE {
        site.ok(op);
    }
    let resolved = State::of(&site);
    let spring_rows = |s: &Site| -> Vec<String> {
        s.store()
            .outbox(None)
            .expect("the outbox")
            .into_iter()
            .filter(|r| r.phase.as_deref() == Some(SPRING))
            .map(|r| r.message_id)
            .collect()
    };
    let spring_sent = spring_rows(&site);
    assert_eq!(
        spring_sent.len(),
        clubs.len() + 1,
        "a report per club and the referee's"
    );

    // Sending again sends nothing and touches nothing.
    let again = site.ok(Op::Send);
    assert!(
        String::from_utf8_lossy(&again.stdout).starts_with("0 sent"),
        "{}",
        text(&again)
    );
    State::of(&site).assert_same(&resolved, "mail send, a second time");

    // Resolving again without --force is refused (round 1 waits for orders): nothing.
    let refused = site.giglio().arg("resolve").output().expect("giglio runs");
    assert_eq!(refused.status.code(), Some(1), "{}", text(&refused));
    State::of(&site).assert_same(&resolved, "resolve refused");

    // Re-reading every message of the season, as a Maildir and as .eml files: each is
    // already read, nothing changes, nothing is answered again.
    let files: Vec<PathBuf> = ["new", "cur"]
        .iter()
        .flat_map(|d| std::fs::read_dir(site.maildir().join(d)).expect("read"))
        .map(|e| e.expect("an entry").path())
        .collect();
    assert_eq!(files.len(), season_mail(&t, &clubs, SPRING).len());
    let eml = site
        .giglio()
        .args(["inbox", "--json", "--eml"])
        .args(&files)
        .output()
        .expect("giglio runs");
    assert!(eml.status.success(), "{}", text(&eml));
    let read: Vec<serde_json::Value> = serde_json::from_slice(&eml.stdout).expect("JSON");
    assert_eq!(read.len(), files.len());
    assert!(read.iter().all(|r| r["verdict"] == "duplicate"), "{read:?}");
    site.ok(Op::Inbox);
    site.ok(Op::Send);
    State::of(&site).assert_same(&resolved, "the season's mail read a second time");

    // Round 1's mail, read; resolving it opens round 2 and queues round 1's reports
    // only: the spring is never applied or reported twice.
    deliver(
        &site.maildir(),
        "round1",
        &season_mail(&t, &clubs, "1494-r01"),
    );
    site.ok(Op::Inbox);
    let before_round1 = State::of(&site);
    site.ok(Op::Resolve);
    assert_eq!(site.open_phase(), "1494-r02");
    assert_eq!(
        spring_rows(&site),
        spring_sent,
        "the spring's reports, once"
    );
    assert_eq!(
        spring_lines(&State::of(&site)),
        spring_lines(&resolved),
        "the spring's phase, resolution and dice, once"
    );
    let sent = site.ok(Op::Send);
    let first = String::from_utf8_lossy(&sent.stdout).into_owned();
    let round1 = State::of(&site);

    // Undo round 1: the campaign is as before it, but for the reports that went.
    let undo = site.giglio().arg("undo").output().expect("giglio runs");
    assert!(undo.status.success(), "{}", text(&undo));
    assert_eq!(site.open_phase(), "1494-r01");
    assert_eq!(
        without_outbox(&State::of(&site)),
        without_outbox(&before_round1),
        "undo is exact"
    );
    // The undo queued a correction to each club whose report went out.
    let corrections = String::from_utf8_lossy(&undo.stdout)
        .lines()
        .chain(String::from_utf8_lossy(&undo.stderr).lines())
        .filter(|l| l.contains("a correction is queued"))
        .count();
    assert!(corrections > 0, "{}", text(&undo));
    // Resolve it again with the same orders: the same reports, which went already, so
    // nothing is sent twice; only the corrections go, and to each club corrected a line
    // saying its report stands after all (issue 29); the campaign is as it was.
    site.ok(Op::Resolve);
    let resent = site.ok(Op::Send);
    let told = 2 * corrections;
    assert!(
        String::from_utf8_lossy(&resent.stdout).starts_with(&format!("{told} sent")),
        "after `{first}`: {}",
        text(&resent)
    );
    let redone = State::of(&site);
    assert_eq!(
        without_outbox(&redone),
        without_outbox(&round1),
        "undo then resolve again gives the same campaign"
    );
    // What is new since round 1 went out is the corrections and the notices that the
    // reports stand, each queued and sent once.
    for key in ["dump", "files", "outbox"] {
        let added: Vec<&str> = redone.0[key]
            .lines()
            .filter(|l| !round1.0[key].lines().any(|r| r == *l))
            .collect();
        let lost = round1.0[key]
            .lines()
            .filter(|l| !redone.0[key].lines().any(|r| r == *l))
            .count();
        assert_eq!(lost, 0, "{key}: nothing of round 1 is lost or changed");
        assert_eq!(
            added.len(),
            told,
            "{key}: only the corrections are new: {added:#?}"
        );
        assert!(
            added.iter().all(|l| l.contains("correction")),
            "{key}: only the corrections are new: {added:#?}"
        );
    }
}

/// The lines of a dump about the spring: its phase row, resolution and dice.
fn spring_lines(s: &State) -> Vec<String> {
    s.0["dump"]
        .lines()
        .filter(|l| {
            l.starts_with(&format!("phase {SPRING} "))
                || l.starts_with(&format!("resolution {SPRING} "))
                || l.starts_with(&format!("die {SPRING} "))
        })
        .map(str::to_owned)
        .collect()
}

/// A dump without its outbox: what undo restores (sent reports stay as history).
fn without_outbox(s: &State) -> String {
    s.0["dump"]
        .lines()
        .filter(|l| !l.starts_with("outbox "))
        .map(|l| format!("{l}\n"))
        .collect()
}
