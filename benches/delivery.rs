//! SMTP delivery of 100 reports (`cargo bench --bench delivery`; `scripts/bench.sh`
//! prints the ratio).
//!
//! - `delivery/giglio`: `giglio mail send` as a library call: open the campaign, build
//!   the transport, send the 100 queued reports, marking each row sent.
//! - `delivery/lettre`: the floor, a plain client: the same 100 messages with the same
//!   envelopes through lettre's SMTP transport (one pooled connection), no database.
//! - `delivery/bookkeeping`: what giglio adds, alone: read the queue, mark each row sent.
//!
//! - `receipts/*` (issue 32 point 4): 200 small receipts (about 1 KB each), the cost
//!   of each message's SMTP exchange rather than of its bytes: `giglio` (`mail send`,
//!   its one durable write per message included), `bookkeeping` (that write alone, to
//!   count it apart), `transport` (giglio's SMTP session alone, no campaign), `lettre`
//!   (a pooled lettre client: how giglio sent before, the body
//!   and its final `.` in two writes) and `smtplib` (Python's client, one write, timed
//!   by Python around its sends).
//!
//! The server is the test SMTP sink in plain mode (`tests/support/mailservers.sh`):
//! `GIGLIO_BENCH_SMTP_PORT` names a running one (scripts/bench.sh starts it); without
//! it the bench starts its own and stops it at the end.

#[path = "support/synthetic.rs"]
mod synthetic;

use criterion::{Criterion, SamplingMode, criterion_group, criterion_main};
use giglio::mail::config::{Config, Security, SmtpConfig};
use giglio::mail::deliver;
use giglio::rules::World;
use giglio::rules::dice::Dice;
use giglio::scenario::{self, Source};
use giglio::storage::{DB_FILE, NewCampaign, OutMessage, Status, Store};
use lettre::address::Envelope;
use lettre::{Address, SmtpTransport, Transport};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::str::FromStr;
use std::time::{Duration, Instant};

const NOW: &str = "2026-09-01T08:00:00Z";
/// How many reports one delivery sends.
const REPORTS: usize = 100;

/// The test SMTP sink, started here unless the environment names one.
struct Sink {
    port: u16,
    /// Set when this bench started the servers: stopped on drop.
    owned: Option<tempfile::TempDir>,
}

impl Sink {
    fn start() -> Sink {
        if let Some(p) = std::env::var("GIGLIO_BENCH_SMTP_PORT")
            .ok()
            .and_then(|p| p.parse().ok())
        {
            return Sink {
                port: p,
                owned: None,
            };
        }
        let free = || {
            std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .map(|a| a.port())
                .expect("a free port")
        };
        let (port, imap) = (free(), free());
        let dir = tempfile::tempdir().expect("a temporary directory");
        let ok = Command::new("bash")
            .arg(script())
            .arg("start")
            .arg(dir.path())
            .env("SMTP_MODE", "plain")
            .env("SMTP_PORT", port.to_string())
            .env("IMAP_PORT", imap.to_string())
            .env("OWNER_PID", std::process::id().to_string())
            .status()
            .is_ok_and(|s| s.success());
        assert!(ok, "the test mail servers did not start (run .ci/run once)");
        Sink {
            port,
            owned: Some(dir),
        }
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        if let Some(dir) = &self.owned {
            let _ = Command::new("bash")
                .arg(script())
                .arg("stop")
                .arg(dir.path())
                .status();
        }
    }
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/mailservers.sh")
}

/// The reports of a resolved phase of the shipped campaign (seven clubs' reports with
/// their map PNGs, and the referee's), repeated with fresh Message-IDs up to 100.
fn reports() -> Vec<OutMessage> {
    let source = Source::builtin("il-giglio").expect("built in");
    let round = synthetic::first_round(scenario::load(&source).expect("loads"));
    let env =
        giglio::report::environment(None, giglio::words::Words::load(None).expect("catalogue"))
            .expect("templates");
    let mut config = Config::default();
    config.mail.referee = vec!["referee@example.org".into()];
    let rulesets = scenario::rulesets(&source).expect("rulesets");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let clubs = scenario::clubs::default_clubs(&round.campaign);
    let store = Store::create(
        tmp.path(),
        NewCampaign {
            name: "bench",
            master_seed: [7; 32],
            definition: &source.files,
            definition_hash: &source.hash(),
            clubs: &clubs,
            secrets: &Default::default(),
            world: &round.world,
            now: NOW,
            command: "bench",
        },
    )
    .expect("created");
    let mut dice = giglio::rules::dice::SeededDice::new([3; 32]);
    let resolution = giglio::rules::resolve::resolve(
        &round.campaign,
        &round.world,
        &round.orders,
        &Default::default(),
        &mut dice,
    )
    .expect("resolves");
    let sent: Vec<_> = round.orders.keys().cloned().collect();
    let mailing = giglio::engine::post::Mailing {
        env: &env,
        config: &config,
        rulesets: &rulesets,
        definition: &source.files,
    };
    let paper = giglio::engine::paperwork::gather(
        &store,
        &round.campaign,
        &round.world,
        &resolution,
        &sent,
        &mailing,
        NOW,
    )
    .expect("paperwork");
    let phase = paper.phase(&round.world, &resolution, dice.log().len());
    let one_phase = giglio::engine::post::phase_messages(&round.campaign, &phase, &mailing, NOW)
        .expect("messages");
    (0..REPORTS)
        .map(|i| {
            let m = &one_phase[i % one_phase.len()];
            let id = format!("{i}.{}", m.message_id);
            let raw = String::from_utf8_lossy(&m.raw)
                .replacen(&m.message_id, &id, 1)
                .into_bytes();
            OutMessage {
                message_id: id,
                raw,
                ..m.clone()
            }
        })
        .collect()
}

/// A campaign whose outbox holds the reports, saved as a database file to copy.
fn prepared(msgs: &[OutMessage], dir: &Path) -> PathBuf {
    assert_eq!(msgs.len(), REPORTS);
    prepared_n(msgs, dir)
}

/// A campaign whose outbox holds these messages, saved as a database file to copy.
fn prepared_n(msgs: &[OutMessage], dir: &Path) -> PathBuf {
    let source = Source::builtin("il-giglio").expect("built in");
    let c = scenario::load(&source).expect("loads");
    let clubs = scenario::clubs::default_clubs(&c);
    let nations: Vec<_> = clubs.iter().map(|c| c.nation.as_str().into()).collect();
    let mut store = Store::create(
        dir,
        NewCampaign {
            name: "bench",
            master_seed: [7; 32],
            definition: &source.files,
            definition_hash: &source.hash(),
            clubs: &clubs,
            secrets: &Default::default(),
            world: &World::start(&c, &nations),
            now: NOW,
            command: "bench",
        },
    )
    .expect("created");
    assert_eq!(store.queue(msgs, NOW, "bench").expect("queued"), msgs.len());
    drop(store);
    dir.join(DB_FILE)
}

/// A new folder under `root` holding a copy of the campaign database `db`, all its
/// messages queued.
fn fresh_copy(root: &Path, db: &Path, run: &mut u32) -> PathBuf {
    *run += 1;
    let dir = root.join(format!("run{run}"));
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::copy(db, dir.join(DB_FILE)).expect("copy");
    dir
}

fn smtp_config(port: u16) -> Config {
    Config {
        smtp: Some(SmtpConfig {
            host: "127.0.0.1".into(),
            port,
            security: Security::None,
            user: None,
            password: None,
            ca_file: None,
            timeout_secs: 30,
            max_attempts: 1,
            retry_base_ms: 0,
            from_env: Vec::new(),
        }),
        ..Config::default()
    }
}

/// The envelope giglio uses: the From of the message, the row's recipients.
fn envelope(m: &OutMessage) -> Envelope {
    let from = Address::from_str("arbitro@giglio.invalid").expect("address");
    let to = m
        .recipients
        .iter()
        .map(|r| Address::from_str(r).expect("recipient"))
        .collect();
    Envelope::new(Some(from), to).expect("envelope")
}

fn delivery(crit: &mut Criterion) {
    let sink = Sink::start();
    let msgs = reports();
    let bytes: usize = msgs.iter().map(|m| m.raw.len()).sum();
    eprintln!(
        "delivery: {REPORTS} reports, {} KiB in all, to 127.0.0.1:{}",
        bytes / 1024,
        sink.port
    );
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let db = prepared(&msgs, &tmp.path().join("prepared"));
    let config = smtp_config(sink.port);
    let mut group = crit.benchmark_group("delivery");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(15));
    let mut run = 0;
    group.bench_function("giglio", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                // A fresh copy of the campaign with all 100 queued (untimed).
                let dir = fresh_copy(tmp.path(), &db, &mut run);
                let t = Instant::now();
                let mut store = Store::open_write(&dir, "mail send").expect("opens");
                let out = deliver::sink(&dir, &config, None).expect("sink");
                let sent = deliver::send_queued(&mut store, &out, &|| NOW.into(), &|_, _| {})
                    .expect("sent");
                drop(store);
                total += t.elapsed();
                assert_eq!(sent.sent, REPORTS, "{:?}", sent.errors);
                let store = Store::open_read(&dir).expect("opens");
                assert!(
                    store
                        .outbox(Some(Status::Queued))
                        .expect("outbox")
                        .is_empty()
                );
                drop(store);
                std::fs::remove_dir_all(&dir).expect("clean");
            }
            total
        })
    });
    // What giglio adds to the plain client: reading the queue and marking each row sent,
    // one durable transaction per message (so a crash never sends a report twice).
    group.bench_function("bookkeeping", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let dir = fresh_copy(tmp.path(), &db, &mut run);
                let t = Instant::now();
                let mut store = Store::open_write(&dir, "mail send").expect("opens");
                for row in store.outbox(Some(Status::Queued)).expect("outbox") {
                    let raw = store.message_bytes(row.id).expect("bytes");
                    assert!(raw.is_some_and(|r| !r.is_empty()));
                    assert!(store.mark_sent(row.id, NOW).expect("marked"));
                }
                drop(store);
                total += t.elapsed();
                std::fs::remove_dir_all(&dir).expect("clean");
            }
            total
        })
    });
    group.bench_function("lettre", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                let transport = SmtpTransport::builder_dangerous("127.0.0.1")
                    .port(sink.port)
                    .timeout(Some(Duration::from_secs(30)))
                    .build();
                for m in &msgs {
                    transport
                        .send_raw(&envelope(m), &m.raw)
                        .expect("the server takes it");
                }
                drop(transport);
                total += t.elapsed();
            }
            total
        })
    });
    group.finish();
    drop(sink);
}

/// How many small receipts one run of the `receipts` group sends.
const RECEIPTS: usize = 200;

/// Small receipts, each about 1 KB, with their own Message-IDs.
fn receipts() -> Vec<OutMessage> {
    (0..RECEIPTS)
        .map(|i| {
            let id = format!("receipt{i}@giglio.invalid");
            let raw = format!(
                "From: arbitro@example.org\r\nTo: doge@venezia.example\r\nSubject: receipt {i}\r\n\
                 Date: Tue, 01 Sep 2026 08:00:00 +0000\r\nMessage-ID: <{id}>\r\nMIME-Version: 1.0\r\n\
                 Content-Type: text/plain; charset=utf-8\r\n\r\n{}",
                "Orders for 1494-spring received and sealed: 1. raise -> valid\r\n".repeat(16)
            );
            OutMessage {
                message_id: id,
                phase: None,
                kind: "receipt".into(),
                nation: Some("V".into()),
                recipients: vec!["doge@venezia.example".into()],
                subject: format!("receipt {i}"),
                raw: raw.into_bytes(),
                redacted: None,
            }
        })
        .collect()
}

/// Python's smtplib sending the same messages over one connection: the seconds its
/// sends took, as Python measures them (the interpreter's start is not counted).
const SMTPLIB: &str = r#"
import smtplib, sys, time
port, folder, n = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
msgs = [open(f"{folder}/{i}.eml", "rb").read() for i in range(n)]
s = smtplib.SMTP("127.0.0.1", port)
t = time.perf_counter()
for m in msgs:
    s.sendmail("arbitro@example.org", ["doge@venezia.example"], m)
took = time.perf_counter() - t
s.quit()
print(took)
"#;

fn small_receipts(crit: &mut Criterion) {
    let sink = Sink::start();
    let msgs = receipts();
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let db = prepared_n(&msgs, &tmp.path().join("prepared"));
    let files = tmp.path().join("eml");
    std::fs::create_dir_all(&files).expect("dir");
    for (i, m) in msgs.iter().enumerate() {
        std::fs::write(files.join(format!("{i}.eml")), &m.raw).expect("write");
    }
    let config = smtp_config(sink.port);
    let mut group = crit.benchmark_group("receipts");
    group.sample_size(10);
    group.sampling_mode(SamplingMode::Flat);
    group.measurement_time(Duration::from_secs(10));
    let mut run = 0;
    group.bench_function("giglio", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let dir = fresh_copy(tmp.path(), &db, &mut run);
                let t = Instant::now();
                let mut store = Store::open_write(&dir, "mail send").expect("opens");
                let out = deliver::sink(&dir, &config, None).expect("sink");
                let sent = deliver::send_queued(&mut store, &out, &|| NOW.into(), &|_, _| {})
                    .expect("sent");
                drop(out);
                drop(store);
                total += t.elapsed();
                assert_eq!(sent.sent, RECEIPTS, "{:?}", sent.errors);
                std::fs::remove_dir_all(&dir).expect("clean");
            }
            total
        })
    });
    group.bench_function("bookkeeping", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let dir = fresh_copy(tmp.path(), &db, &mut run);
                let t = Instant::now();
                let mut store = Store::open_write(&dir, "mail send").expect("opens");
                for row in store.outbox(Some(Status::Queued)).expect("outbox") {
                    let raw = store.message_bytes(row.id).expect("bytes");
                    assert!(raw.is_some_and(|r| !r.is_empty()));
                    assert!(store.mark_sent(row.id, NOW).expect("marked"));
                }
                drop(store);
                total += t.elapsed();
                std::fs::remove_dir_all(&dir).expect("clean");
            }
            total
        })
    });
    // giglio's transport alone: the same session and writes, no campaign.
    group.bench_function("transport", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                let sent = deliver::send_unrecorded(tmp.path(), &config, &msgs)
                    .expect("the server takes them");
                total += t.elapsed();
                assert_eq!(sent, RECEIPTS);
            }
            total
        })
    });
    group.bench_function("lettre", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                let transport = SmtpTransport::builder_dangerous("127.0.0.1")
                    .port(sink.port)
                    .timeout(Some(Duration::from_secs(30)))
                    .build();
                for m in &msgs {
                    transport
                        .send_raw(&envelope(m), &m.raw)
                        .expect("the server takes it");
                }
                drop(transport);
                total += t.elapsed();
            }
            total
        })
    });
    group.bench_function("smtplib", |b| {
        b.iter_custom(|iters| {
            let mut total = Duration::ZERO;
            for _ in 0..iters {
                let out = Command::new("python3")
                    .args(["-c", SMTPLIB, &sink.port.to_string()])
                    .arg(&files)
                    .arg(RECEIPTS.to_string())
                    .output()
                    .expect("python3 runs");
                assert!(
                    out.status.success(),
                    "{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let secs: f64 = String::from_utf8_lossy(&out.stdout)
                    .trim()
                    .parse()
                    .expect("seconds");
                total += Duration::from_secs_f64(secs);
            }
            total
        })
    });
    group.finish();
    drop(sink);
}

criterion_group!(benches, delivery, small_receipts);
criterion_main!(benches);
