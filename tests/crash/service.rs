//! The service's pass crashed or killed anywhere, then run again, ends as the clean
//! pass; and the battery of kills during a send of 200 receipts.

use super::*;

/// The clock of the service's pass: past the spring's deadline (2026-09-08 21:00 in
/// Rome), so one pass reads the spring's mail, resolves the spring and sends it all.
const PASS_NOW: &str = "2026-09-09T08:00:00Z";

/// One pass of `giglio run --once` over the site's Maildir, mail written to the
/// campaign's `mail/out`, optionally crashing at its k-th failpoint.
fn run_pass(site: &Site, crash_at: Option<u64>, count: bool) -> Output {
    let mut c = site.giglio();
    c.env("GIGLIO_NOW", PASS_NOW)
        .args(["run", "--once", "--maildir"])
        .arg(site.maildir());
    if let Some(k) = crash_at {
        c.env(giglio::failpoint::CRASH_AT, k.to_string());
    }
    if count {
        c.env(giglio::failpoint::CRASH_COUNT, "1");
    }
    c.output().expect("giglio runs")
}

/// The site's state with the service's mail folder (`mail/out` of the campaign).
fn pass_state(site: &Site) -> State {
    let mut s = State::of(site);
    s.0.insert("mail/out", listing(&site.dir().join("mail/out"), true));
    s
}

/// `giglio run` (issue 28): a pass crashed at a failpoint of each of its steps (the
/// first and last time the pass meets each kind: reading a message, resolving,
/// sending), then the pass run again, ends exactly as a clean pass; and a pass run
/// again after a clean one changes nothing.
#[test]
fn a_pass_of_the_service_crashed_anywhere_then_rerun_ends_as_the_clean_pass() {
    let (_t, site) = fresh();
    let before = site.copy();
    let out = run_pass(&site, None, true);
    assert!(out.status.success(), "the clean pass: {}", text(&out));
    let points = failpoints(&out);
    let clean = pass_state(&site);
    assert!(
        clean.0["journal"].contains("resolve 1494 spring"),
        "the pass resolved the spring: {}",
        clean.0["journal"]
    );
    // A second pass at the same time finds nothing to do.
    let again = run_pass(&site, None, false);
    assert!(again.status.success(), "{}", text(&again));
    pass_state(&site).assert_same(&clean, "a second pass");
    // The first and the last meeting of each failpoint.
    let mut picks: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    for (i, name) in points.iter().enumerate() {
        let k = i as u64 + 1;
        picks.entry(name).and_modify(|p| p.1 = k).or_insert((k, k));
    }
    let mut cases: Vec<u64> = picks.values().flat_map(|(a, b)| [*a, *b]).collect();
    cases.sort_unstable();
    cases.dedup();
    for name in [
        "ingest.committed",
        "advance.before_commit",
        "send.file.before_rename",
    ] {
        assert!(
            picks.contains_key(name),
            "the pass never met {name}: {points:?}"
        );
    }
    par_each(&cases, |&k| {
        let what = format!(
            "run --once crashed at failpoint #{k} {}",
            points[k as usize - 1]
        );
        let site = before.copy();
        let out = run_pass(&site, Some(k), false);
        assert_eq!(out.status.signal(), Some(SIGABRT), "{what}: {}", text(&out));
        let rerun = run_pass(&site, None, false);
        assert!(
            rerun.status.success(),
            "{what}, the rerun: {}",
            text(&rerun)
        );
        pass_state(&site).assert_same(&clean, &what);
    });
    eprintln!(
        "run --once: {} crashes over {} kinds of failpoint, each rerun identical to the clean pass (state {})",
        cases.len(),
        picks.len(),
        clean.digest()
    );
}

/// Issue 32 point 4, an opt-in battery (`cargo test --release --test integration
/// a_send_of_200_receipts -- --ignored --nocapture`): 20 `mail send` runs of 200 small
/// receipts to the local test SMTP server, each killed with SIGKILL at a moment drawn
/// uniformly over a clean run's duration (seeded), then sent again to the end; it prints
/// how many messages the server stored twice in all. A duplicate is the RFC 1047 gap: the
/// server has the whole message and the kill comes before the row is marked sent. While
/// the body and its final `.` went out as two writes, the reply waited ~45 ms for a
/// delayed ACK and nearly every kill fell in that gap (20 of 20 in issue 32); the goal is
/// at most 2. A kill has to come at a moment of the clock: the delay is the trial itself,
/// not a wait for something.
#[test]
#[ignore = "a timed battery of 20 kills, about a minute; run by hand"]
fn a_send_of_200_receipts_killed_20_times_duplicates_few() {
    use crate::common::servers::{MailOpts, MailServers};
    const RECEIPTS: usize = 200;
    const KILLS: usize = 20;
    let servers = MailServers::start(MailOpts::plain());
    let base = tempfile::tempdir().expect("a temporary directory");
    let out = Command::new(env!("CARGO_BIN_EXE_giglio"))
        .current_dir(base.path())
        .args(["new", "c", "--seed", "5", "--no-welcome"])
        .env("GIGLIO_NOW", NOW)
        .output()
        .expect("giglio runs");
    assert!(out.status.success(), "{}", text(&out));
    let campaign = base.path().join("c");
    let receipt = |t: usize, i: usize| {
        let id = format!("r{t}.{i}@giglio.invalid");
        let raw = format!(
            "From: arbitro@example.org\r\nTo: doge@venezia.example\r\nSubject: receipt {i}\r\n\
             Date: Tue, 01 Sep 2026 08:00:00 +0000\r\nMessage-ID: <{id}>\r\nMIME-Version: 1.0\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
            "Orders for 1494-spring received and sealed.\r\n".repeat(20)
        );
        giglio::storage::OutMessage {
            message_id: id,
            phase: None,
            kind: "receipt".into(),
            nation: Some("V".into()),
            recipients: vec!["doge@venezia.example".into()],
            subject: format!("receipt {i}"),
            raw: raw.into_bytes(),
            redacted: None,
        }
    };
    // Trial t's copy of the campaign, its receipts queued under their own Message-IDs.
    let trial = |t: usize| -> (tempfile::TempDir, Vec<String>) {
        let dir = tempfile::tempdir().expect("a temporary directory");
        copy_tree(&campaign, dir.path());
        let msgs: Vec<_> = (0..RECEIPTS).map(|i| receipt(t, i)).collect();
        let mut store = Store::open_write(dir.path(), "test").expect("opens");
        assert_eq!(store.queue(&msgs, NOW, "test").expect("queued"), RECEIPTS);
        (dir, msgs.into_iter().map(|m| m.message_id).collect())
    };
    let send = |dir: &Path| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_giglio"));
        c.arg("-C")
            .arg(dir)
            .args(["mail", "send"])
            .env("GIGLIO_NOW", NOW)
            .env("GIGLIO_SMTP_HOST", "127.0.0.1")
            .env("GIGLIO_SMTP_PORT", servers.smtp_port.to_string())
            .env("GIGLIO_SMTP_SECURITY", "none")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        c
    };
    // A clean run: how long a send of 200 takes, start to end.
    let (clean, ids) = trial(KILLS);
    let t = std::time::Instant::now();
    assert!(send(clean.path()).status().expect("runs").success());
    let span = t.elapsed();
    assert!(ids.iter().all(|id| servers.deliveries(id) == 1));
    let mut rng = Rng(32);
    let (mut duplicates, mut killed) = (0, 0);
    for t in 0..KILLS {
        let (dir, ids) = trial(t);
        let at = span.mul_f64((rng.next() % 1000) as f64 / 1000.0);
        let mut child = send(dir.path()).spawn().expect("giglio starts");
        std::thread::sleep(at);
        let _ = child.kill();
        let status = child.wait().expect("reaped");
        killed += usize::from(status.signal() == Some(SIGKILL));
        assert!(send(dir.path()).status().expect("runs").success());
        let counts: Vec<usize> = ids.iter().map(|id| servers.deliveries(id)).collect();
        assert!(counts.iter().all(|&n| n == 1 || n == 2), "{counts:?}");
        duplicates += counts.iter().filter(|&&n| n == 2).count();
    }
    eprintln!(
        "mail send of {RECEIPTS} receipts over SMTP, a clean run {:.0} ms: {KILLS} kills at \
         random moments ({killed} landed mid-run), {duplicates} message(s) delivered twice",
        span.as_secs_f64() * 1000.0
    );
    assert!(
        duplicates <= 2,
        "{duplicates} duplicates over {KILLS} kills"
    );
}

/// `giglio run` (issue 28), the long-running service: `kill -9` at failpoints of its
/// first pass drawn at random (while it is stopped there, or just after it goes on),
/// then one pass of `run --once` at the same clock, ends exactly as the clean pass.
#[test]
fn kill_9_of_the_running_service_then_a_pass_ends_as_the_clean_pass() {
    let (_t, site) = fresh();
    let before = site.copy();
    let out = run_pass(&site, None, true);
    assert!(out.status.success(), "the clean pass: {}", text(&out));
    let points = failpoints(&out);
    let clean = pass_state(&site);
    let mut rng = Rng(28);
    let trials: Vec<(usize, Kill)> = (0..8)
        .map(|n| {
            let how = if n % 2 == 0 {
                Kill::Paused
            } else {
                Kill::Released
            };
            (rng.pick(points.len()), how)
        })
        .collect();
    let killed_mid = AtomicUsize::new(0);
    par_each(&trials, |&(k, how)| {
        let what = format!(
            "giglio run killed {how:?} at failpoint #{k} {}",
            points[k - 1]
        );
        let site = before.copy();
        let mut c = site.giglio();
        c.env("GIGLIO_NOW", PASS_NOW)
            .args(["run", "--maildir"])
            .arg(site.maildir());
        let mut child = spawn_paused(c, k, &what);
        if how == Kill::Released {
            drop(child.stdin.take());
        }
        let _ = child.kill();
        let status = child.wait().expect("giglio is reaped");
        // The service never ends by itself: it was killed, mid-pass or resting.
        assert_eq!(status.signal(), Some(SIGKILL), "{what}: {status:?}");
        if how == Kill::Paused {
            killed_mid.fetch_add(1, Ordering::SeqCst);
        }
        let rerun = run_pass(&site, None, false);
        assert!(
            rerun.status.success(),
            "{what}, the pass after: {}",
            text(&rerun)
        );
        pass_state(&site).assert_same(&clean, &what);
    });
    eprintln!(
        "kill -9 of giglio run: {} trials ({} stopped at a failpoint mid-pass), each followed by one pass identical to the clean pass",
        trials.len(),
        killed_mid.load(Ordering::SeqCst)
    );
}
