//! Delivery under faults and contention: the SMTP server's every fault (nothing lost, a
//! duplicate only after a lost final reply), and concurrent senders and resolvers (one
//! runs, the others are told the campaign is busy).

use super::*;

/// Every fault of the sink, each on its own copy of one resolved campaign.
const FAULTS: [Fault; 10] = [
    Fault::RefuseConnect,
    Fault::Greeting421,
    Fault::Rcpt451,
    Fault::Data451,
    Fault::Rcpt550,
    Fault::Data554,
    Fault::DropAfterDataCmd,
    Fault::DropAfterDot,
    Fault::GoneAfter(1),
    Fault::Flaky(2),
];

/// What one fault did, for the table.
struct FaultResult {
    fault: Fault,
    first: SendRun,
    /// The sink's outcomes during the first run, counted.
    outcomes: BTreeMap<String, usize>,
    /// `mail send` runs until every message was accepted (a `mail retry` in between for 5xx).
    runs: usize,
    /// Copies stored by the sinks, over all runs, and how many outbox rows.
    copies: usize,
    rows: usize,
}

/// The first run meets the fault; later runs meet a healthy server. Whatever the fault,
/// no report is lost, none arrives twice except after a lost reply to the final dot
/// (then with its Message-ID and bytes), 5xx rows fail and stay failed until `mail
/// retry`, 4xx and connection failures stay queued and go out on the next run.
#[test]
fn every_smtp_fault_loses_nothing_and_duplicates_only_after_a_lost_final_reply() {
    let template = MailCampaign::resolved();
    let mut results = Vec::new();
    let mut failures = Vec::new();
    for chunk in FAULTS.chunks(5) {
        std::thread::scope(|s| {
            let handles: Vec<_> = chunk
                .iter()
                .map(|&fault| {
                    let template = &template;
                    (fault, s.spawn(move || fault_case(template, fault)))
                })
                .collect();
            for (fault, h) in handles {
                match h.join() {
                    Ok(r) => results.push(r),
                    Err(_) => failures.push(fault.to_string()),
                }
            }
        });
    }
    eprintln!("{}", fault_table(&results));
    assert!(
        failures.is_empty(),
        "faults that broke delivery: {failures:?}"
    );
}

fn fault_case(template: &MailCampaign, fault: Fault) -> FaultResult {
    let c = template.copy();
    let rows = c.outbox();
    let permanent = matches!(fault, Fault::Rcpt550 | Fault::Data554);
    let mut copies: BTreeMap<String, Vec<Vec<u8>>> = BTreeMap::new();

    let faulty = MailServers::start(MailOpts::default().with_fault(fault));
    let first = c.send(&tls_env(&faulty, SMTP_PASSWORD));
    let outcomes = outcome_counts(&faulty.sink_log());
    collect_copies(&faulty, &mut copies);
    drop(faulty);
    let after = c.outbox();
    if permanent {
        assert_eq!(
            (first.code, first.failed),
            (1, rows.len()),
            "{fault}: {first:?}"
        );
        for r in &after {
            assert_eq!(
                (r.status, r.attempts),
                (Status::Failed, 1),
                "{fault}: a 5xx is not retried"
            );
        }
    } else {
        assert_eq!(first.failed, 0, "{fault}: {first:?}");
        assert_eq!(
            first.sent + first.deferred,
            rows.len(),
            "{fault}: {first:?}"
        );
        let queued = after.iter().filter(|r| r.status == Status::Queued).count();
        assert_eq!(
            queued, first.deferred,
            "{fault}: what was not sent stays queued"
        );
    }

    if matches!(fault, Fault::DropAfterDot | Fault::DropAfterDataCmd) {
        // The server may have taken the message: not tried again in the same run.
        assert_eq!(outcomes.values().sum::<usize>(), 1, "{fault}: {outcomes:?}");
    }

    let healthy = MailServers::start(MailOpts::default());
    let env = tls_env(&healthy, SMTP_PASSWORD);
    let second = c.send(&env);
    let mut runs = 2;
    if permanent {
        assert_eq!(
            second.sent, 0,
            "{fault}: failed rows wait for `mail retry`: {second:?}"
        );
        assert!(healthy.received().is_empty(), "{fault}");
        c.run(&["mail", "retry"], &[]).success();
        let third = c.send(&env);
        assert_eq!(
            (third.code, third.sent),
            (0, rows.len()),
            "{fault}: {third:?}"
        );
        runs = 3;
    } else {
        assert_eq!(
            (second.code, second.sent),
            (0, first.deferred),
            "{fault}: {second:?}"
        );
    }
    collect_copies(&healthy, &mut copies);

    for (r, stored) in &c.messages() {
        assert_eq!(r.status, Status::Sent, "{fault}: {}", r.message_id);
        let got = copies.get(&r.message_id).map_or(&[][..], Vec::as_slice);
        assert!(!got.is_empty(), "{fault}: {} was lost", r.message_id);
        assert!(
            got.iter().all(|raw| raw == stored),
            "{fault}: every copy is the stored message"
        );
        if fault != Fault::DropAfterDot {
            assert_eq!(got.len(), 1, "{fault}: {} arrived twice", r.message_id);
        }
    }
    assert_eq!(
        copies.len(),
        rows.len(),
        "{fault}: only outbox messages arrived"
    );
    // A lost answer is not retried within the run: at most one extra copy per faulty run.
    let total: usize = copies.values().map(Vec::len).sum();
    assert!(
        total <= rows.len() + 1,
        "{fault}: {total} copies of {} messages",
        rows.len()
    );
    FaultResult {
        fault,
        first,
        outcomes,
        runs,
        copies: copies.values().map(Vec::len).sum(),
        rows: rows.len(),
    }
}

/// Adds what a sink stored to `copies`, by Message-ID.
fn collect_copies(servers: &MailServers, copies: &mut BTreeMap<String, Vec<Vec<u8>>>) {
    for raw in servers.received() {
        let id = parse(&raw).message_id().expect("a Message-ID").to_owned();
        copies.entry(id).or_default().push(raw);
    }
}

fn outcome_counts(log: &[String]) -> BTreeMap<String, usize> {
    let mut counts = BTreeMap::new();
    for l in log {
        *counts
            .entry(log_field(l, "outcome").to_owned())
            .or_insert(0) += 1;
    }
    counts
}

fn fault_table(results: &[FaultResult]) -> String {
    let mut out = format!(
        "{:<20} {:>4} {:>4} {:>6} {:>4}  {:<44} {:>4} {:>9}\n",
        "fault", "sent", "fail", "queued", "exit", "sink outcomes in run 1", "runs", "copies"
    );
    for r in results {
        let outcomes: Vec<String> = r.outcomes.iter().map(|(k, n)| format!("{k}×{n}")).collect();
        out.push_str(&format!(
            "{:<20} {:>4} {:>4} {:>6} {:>4}  {:<44} {:>4} {:>4} of {}\n",
            r.fault.to_string(),
            r.first.sent,
            r.first.failed,
            r.first.deferred,
            r.first.code,
            if outcomes.is_empty() {
                "-".to_owned()
            } else {
                outcomes.join(" ")
            },
            r.runs,
            r.copies,
            r.rows
        ));
    }
    for r in results {
        let first = r.first.errors.first().map_or("-", String::as_str);
        out.push_str(&format!("{:<20} {first}\n", r.fault.to_string()));
    }
    out
}

// ---- concurrency ----------------------------------------------------------------------

/// A command stopped at a failpoint (`GIGLIO_PAUSE_AT`), holding whatever it holds
/// there (the campaign's lock) until released.
pub(super) struct Paused {
    child: std::process::Child,
    lines: std::io::BufReader<std::process::ChildStderr>,
    stderr: String,
}

impl Paused {
    /// Starts `cmd` and returns once it says it has reached `point`.
    pub(super) fn start(mut cmd: std::process::Command, point: &str) -> Paused {
        let mut child = cmd
            .env(giglio::failpoint::PAUSE_AT, point)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("start giglio");
        let mut lines = std::io::BufReader::new(child.stderr.take().expect("stderr"));
        let mut stderr = String::new();
        loop {
            let mut line = String::new();
            let n = lines.read_line(&mut line).expect("read stderr");
            stderr.push_str(&line);
            assert!(n > 0, "giglio ended before {point}: {stderr}");
            if line.trim_end() == format!("{}{point}", giglio::failpoint::PAUSED) {
                break;
            }
        }
        Paused {
            child,
            lines,
            stderr,
        }
    }

    /// Lets it go on and waits for it to finish (its stderr is the whole of it).
    pub(super) fn release(mut self) -> Output {
        use std::io::Read;
        drop(self.child.stdin.take());
        self.lines
            .read_to_string(&mut self.stderr)
            .expect("read stderr");
        let mut out = self.child.wait_with_output().expect("wait for giglio");
        out.stderr = self.stderr.into_bytes();
        out
    }
}

/// Runs each command while `holder` is paused holding the campaign's lock: each must be
/// told at once that the campaign is busy (75), never wait for the lock. Then the
/// holder goes on; returns its output.
fn busy_while_held(holder: Paused, others: Vec<std::process::Command>) -> Output {
    for mut cmd in others {
        let out = cmd.output().expect("run giglio");
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(75), "{stderr}");
        assert!(stderr.contains("busy"), "{stderr}");
    }
    holder.release()
}

/// Four senders: the first holds the campaign's lock (paused before its first message),
/// the three others give up at once with "busy" (75), and every message goes once.
#[test]
fn of_four_concurrent_senders_one_sends_and_the_others_are_busy() {
    let c = MailCampaign::resolved();
    let servers = MailServers::start(MailOpts::default());
    let env = tls_env(&servers, SMTP_PASSWORD);
    let holder = Paused::start(c.command(&["mail", "send"], &env), "send.before_write");
    let others = (0..3).map(|_| c.command(&["mail", "send"], &env)).collect();
    let out = busy_while_held(holder, others);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for r in c.outbox() {
        assert_eq!(r.status, Status::Sent, "{}", r.message_id);
        assert_eq!(
            servers.deliveries(&r.message_id),
            1,
            "{} delivered once",
            r.message_id
        );
    }
    assert_eq!(servers.received().len(), 4);
}

/// Eight resolvers: the first holds the lock in the middle of saving the phase, the
/// seven others are busy (75); the phase is resolved once and its messages queued once.
#[test]
fn of_eight_concurrent_resolvers_one_resolves_and_the_others_are_busy() {
    let c = MailCampaign::new();
    c.submit("V", VENICE_ORDERS);
    let holder = Paused::start(c.command(&["resolve", "--force"], &[]), "advance.begun");
    let others = (0..7)
        .map(|_| c.command(&["resolve", "--force"], &[]))
        .collect();
    let out = busy_while_held(holder, others);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let status = c.run(&["status", "--json"], &[]).success();
    let v: serde_json::Value = serde_json::from_slice(&status.get_output().stdout).expect("JSON");
    assert_eq!(v["phase"], "1494-r01", "resolved once");
    assert_eq!(
        c.outbox().len(),
        CLUBS.len() + 1,
        "its messages queued once"
    );
}
