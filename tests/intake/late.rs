//! The referee's hand on late files (issue 29, point 8): lateness is judged by when the
//! mailbox received a message (a Maildir file's delivery time), not by when it was
//! read; `giglio late` lists the late files and accepts or refuses one, the club told.

use super::*;
use crate::common::stderr_of;

/// Writes a message into the Maildir's `new/` as delivered at `at` (RFC 3339).
fn deliver_at(maildir: &Path, name: &str, raw: &[u8], at: &str) {
    for sub in ["new", "cur", "tmp"] {
        std::fs::create_dir_all(maildir.join(sub)).expect("maildir");
    }
    let path = maildir.join("new").join(name);
    std::fs::write(&path, raw).expect("write");
    let at: std::time::SystemTime = chrono::DateTime::parse_from_rfc3339(at)
        .expect("a time")
        .into();
    std::fs::File::options()
        .write(true)
        .open(&path)
        .and_then(|f| f.set_modified(at))
        .expect("set the delivery time");
}

fn shifted(t: &str, minutes: i64) -> String {
    (chrono::DateTime::parse_from_rfc3339(t).expect("a time") + chrono::Duration::minutes(minutes))
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// The open phase's deadline (RFC 3339), as `giglio deadline --json` gives it.
fn deadline_of(d: &Desk) -> String {
    let v: Value = serde_json::from_str(&d.stdout(&["deadline", "--json"])).expect("json");
    v["deadline"].as_str().expect("a deadline").to_owned()
}

#[test]
fn lateness_is_judged_at_arrival_and_the_referee_accepts_or_refuses() {
    let d = Desk::new();
    let deadline = deadline_of(&d);
    let maildir = d.root.join("inbox");
    // V's file reached the mailbox an hour before the deadline; M's first file two
    // hours before, its second an hour after. The mailbox is read two hours after.
    let v = d.orders("V", SPRING, &raise(100));
    deliver_at(
        &maildir,
        "1.v",
        &text_mail(V_ADDR, &[], &v),
        &shifted(&deadline, -60),
    );
    let m1 = d.orders("M", SPRING, "");
    deliver_at(
        &maildir,
        "2.m",
        &text_mail(M_ADDR, &[], &m1),
        &shifted(&deadline, -120),
    );
    let m2 = d.orders("M", SPRING, "# changed our minds\n");
    deliver_at(
        &maildir,
        "3.m",
        &text_mail(M_ADDR, &[], &m2),
        &shifted(&deadline, 60),
    );
    let later = shifted(&deadline, 120);
    let read = d
        .cmd()
        .env("GIGLIO_NOW", &later)
        .args(["inbox", "--maildir"])
        .arg(&maildir)
        .arg("--json")
        .assert()
        .success();
    let read: Vec<Value> = serde_json::from_slice(&read.get_output().stdout).expect("json");
    assert!(read.iter().all(|r| r["verdict"] == "accepted"), "{read:#?}");
    let texts = sent_texts(&d);
    let receipt_of = |addr: &str| -> Vec<String> {
        texts
            .iter()
            .filter(|(to, _, _)| to.iter().any(|t| t == addr))
            .map(|(_, _, t)| t.clone())
            .collect()
    };
    let v_receipts = receipt_of(V_ADDR);
    assert_eq!(v_receipts.len(), 1);
    assert!(
        !v_receipts[0].contains("dopo il termine"),
        "on time: {}",
        v_receipts[0]
    );
    let m_receipts = receipt_of(M_ADDR);
    assert_eq!(m_receipts.len(), 2);
    assert!(
        !m_receipts[0].contains("after the deadline"),
        "{}",
        m_receipts[0]
    );
    assert!(
        m_receipts[1].contains("after the deadline")
            // No grace (the default): no promise of a moment to refuse that may not come.
            && m_receipts[1].contains("This campaign gives no time after the deadline")
            && m_receipts[1].contains("unless the referee refuses it before then"),
        "{}",
        m_receipts[1]
    );
    // The time in the receipt is the arrival, in the campaign's zone.
    assert!(m_receipts[1].contains("Europe/Rome"), "{}", m_receipts[1]);
    // `giglio late` lists M's file alone.
    let late: Value = serde_json::from_str(&d.stdout(&["late", "--json"])).expect("json");
    let files = late["files"].as_array().expect("files");
    assert_eq!(files.len(), 1, "{late:#}");
    assert_eq!(files[0]["nation"], "M");
    assert_eq!(files[0]["active"], true);
    // In words, the deadline and the arrival both in the campaign's zone (a play-test
    // had to convert "+01:00" against "Z").
    let said = d.stdout(&["late"]);
    assert!(
        said.matches("Europe/Rome").count() == 2 && !said.contains("Z "),
        "{said}"
    );
    // `status` names the late file waiting for the referee's word (a play-test read
    // "waiting for: nothing" in the grace with one to decide on).
    let status = d.stdout(&["status"]);
    assert!(
        status.contains("late file:  M received") && status.contains("giglio late --refuse M"),
        "{status}"
    );
    // V has no late file to decide on.
    let a = d.cmd().args(["late", "--refuse", "V"]).assert().failure();
    assert!(
        stderr_of(&a).contains("no file after the deadline"),
        "{}",
        stderr_of(&a)
    );
    // Refused: M's file from before the deadline counts again, and M is told.
    let before = outbox_raw(&d).len();
    d.stdout(&["late", "--refuse", "M"]);
    let m_active = active_files(&d, "M");
    let active = &m_active;
    assert_eq!(m_active.len(), 1, "{active:#?}");
    assert_eq!(
        m_active[0]["received_at"],
        shifted(&deadline, -120).as_str(),
        "the file from before the deadline: {active:#?}"
    );
    assert_eq!(m_active[0]["late"], false, "{active:#?}");
    let told = sent_texts(&d);
    assert_eq!(outbox_raw(&d).len(), before + 1);
    let (to, subject, text) = told.last().expect("the notice");
    assert_eq!(to, &club_addresses("M"));
    assert!(subject.contains("do not count"), "{subject}");
    assert!(text.contains("counts instead"), "{text}");
    let late: Value = serde_json::from_str(&d.stdout(&["late", "--json"])).expect("json");
    assert_eq!(late["files"][0]["verdict"], "refused", "{late:#}");
    assert!(!d.stdout(&["status"]).contains("late file:"));
    let a = d.cmd().args(["late", "--refuse", "M"]).assert().failure();
    assert!(
        stderr_of(&a).contains("refused already"),
        "{}",
        stderr_of(&a)
    );
    // The referee changes his mind while the phase is open (a play-test's referee had no
    // way back but `undo`): accepted, the late file counts again, and M is told.
    d.stdout(&["late", "--accept", "M"]);
    let m_active = active_files(&d, "M");
    let active = &m_active;
    assert_eq!(m_active.len(), 1, "{active:#?}");
    assert_eq!(
        m_active[0]["late"], true,
        "the late file counts: {active:#?}"
    );
    let (_, subject, _) = sent_texts(&d).pop().expect("the notice");
    assert!(!subject.contains("do not count"), "{subject}");
    let late: Value = serde_json::from_str(&d.stdout(&["late", "--json"])).expect("json");
    assert_eq!(late["files"][0]["verdict"], "accepted", "{late:#}");
}

/// Issue 29: what `orders check` warns of reaches a club that only mails its file: the
/// receipt carries the warnings (here, a first spring with no objective chosen).
#[test]
fn a_receipt_carries_the_warnings_of_the_check() {
    let d = Desk::new();
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &raise(100))));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let (_, _, text) = sent_texts(&d).pop().expect("the receipt");
    assert!(text.contains("Da sapere"), "{text}");
    assert!(
        text.contains("G8.1") && text.contains("objective"),
        "{text}"
    );
}

/// An order a warning speaks of is not echoed as plainly "valid": a play-test's club read
/// "valid" above "this declaration makes nothing" and took the first for the truth.
#[test]
fn an_order_with_a_note_says_so_beside_its_verdict() {
    let d = Desk::new();
    let body = format!("alliances = [\"M\"]\n{}", raise(100));
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &body)));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let (_, _, text) = sent_texts(&d).pop().expect("the receipt");
    let verdicts: Vec<&str> = text
        .lines()
        .filter_map(|l| l.trim().strip_prefix("-> "))
        .collect();
    assert_eq!(
        verdicts,
        ["valido, ma leggete l'avviso su di esso più sotto", "valido"],
        "{text}"
    );
}

/// A file that reaches the mailbox within the deadline's minute is told its lateness to
/// the second (a play-test: "arrived 21:00, after the deadline of 21:00").
#[test]
fn a_file_late_by_seconds_is_told_to_the_second() {
    let d = Desk::new();
    let deadline = deadline_of(&d);
    let maildir = d.root.join("inbox");
    let late_by_seconds = (chrono::DateTime::parse_from_rfc3339(&deadline).expect("a time")
        + chrono::Duration::seconds(30))
    .with_timezone(&chrono::Utc)
    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let m = d.orders("M", SPRING, "");
    deliver_at(
        &maildir,
        "1.m",
        &text_mail(M_ADDR, &[], &m),
        &late_by_seconds,
    );
    d.cmd()
        .env("GIGLIO_NOW", shifted(&deadline, 5))
        .args(["inbox", "--maildir"])
        .arg(&maildir)
        .assert()
        .success();
    let texts = sent_texts(&d);
    let receipt = texts
        .iter()
        .find(|(to, _, _)| to.iter().any(|t| t == M_ADDR))
        .map(|(_, _, t)| t.clone())
        .expect("M's receipt");
    let line = receipt
        .lines()
        .find(|l| l.contains("after the deadline"))
        .unwrap_or_else(|| panic!("{receipt}"));
    assert!(
        line.contains(":00:30") && line.contains(":00:00"),
        "both times to the second: {line}"
    );
    // The phase's report too: to the minute it would read as on time.
    let before = texts.len();
    d.cmd()
        .env("GIGLIO_NOW", shifted(&deadline, 6))
        .args(["resolve"])
        .assert()
        .success();
    let report = sent_texts(&d)
        .split_off(before)
        .into_iter()
        .find(|(to, _, _)| to.iter().any(|t| t == M_ADDR))
        .map(|(_, _, t)| t)
        .expect("M's report");
    let line = report
        .lines()
        .find(|l| l.contains("counted as it was"))
        .unwrap_or_else(|| panic!("{report}"));
    assert!(line.contains(":00:30"), "to the second: {line}");
}

/// A late file's receipt cannot say whether the phase will be resolved before the
/// referee decides (a play-test guessed, under `grace_minutes = 0`): the report of the
/// phase says that it counted, to its club alone; a refused file is not called counted.
#[test]
fn the_report_says_a_late_file_counted() {
    let d = Desk::new();
    let deadline = deadline_of(&d);
    let maildir = d.root.join("inbox");
    let m = d.orders("M", SPRING, "");
    deliver_at(
        &maildir,
        "1.m",
        &text_mail(M_ADDR, &[], &m),
        &shifted(&deadline, 3),
    );
    let v = d.orders("V", SPRING, "");
    deliver_at(
        &maildir,
        "2.v",
        &text_mail(V_ADDR, &[], &v),
        &shifted(&deadline, 4),
    );
    let later = shifted(&deadline, 10);
    d.cmd()
        .env("GIGLIO_NOW", &later)
        .args(["inbox", "--maildir"])
        .arg(&maildir)
        .assert()
        .success();
    // The referee refuses V's; M's counts.
    d.stdout(&["late", "--refuse", "V"]);
    let before = sent_texts(&d).len();
    d.cmd()
        .env("GIGLIO_NOW", &later)
        .args(["resolve"])
        .assert()
        .success();
    let reports = sent_texts(&d).split_off(before);
    let report_of = |addr: &str| {
        reports
            .iter()
            .find(|(to, _, _)| to.iter().any(|t| t == addr))
            .map(|(_, _, t)| t.clone())
            .unwrap_or_else(|| panic!("no report to {addr}"))
    };
    let m_report = report_of(M_ADDR);
    let line = m_report
        .lines()
        .find(|l| l.contains("after the deadline, and counted as it was"))
        .unwrap_or_else(|| panic!("{m_report}"));
    assert!(line.contains("Europe/Rome"), "{line}");
    let v_report = report_of(V_ADDR);
    assert!(
        !v_report.contains("dopo il termine, ed è valso"),
        "a refused file did not count: {v_report}"
    );
    // The report keeps the record of the refused file (a play-test's report said the
    // club had sent nothing).
    assert!(
        v_report.contains("dopo il termine è stato rifiutato dall'arbitro e non è valso"),
        "{v_report}"
    );
    assert!(
        !m_report.contains("refused by the referee"),
        "M's file was not refused: {m_report}"
    );
    // No other club is told of M's lateness.
    for (to, _, text) in &reports {
        if !to.iter().any(|t| t == M_ADDR) {
            assert!(!text.contains("counted as it was"), "{to:?}: {text}");
        }
    }
}

/// A refused message is reported with when it reached the mailbox, in the campaign's
/// zone, not when the mailbox was read (a play-test: the referee's alert showed the time
/// of `inbox`).
#[test]
fn an_attempt_is_reported_with_its_arrival_in_the_campaigns_zone() {
    let d = Desk::new();
    let deadline = deadline_of(&d);
    let maildir = d.root.join("inbox");
    let good = d.orders("V", SPRING, "");
    let forged: String = good
        .lines()
        .map(|l| {
            if l.starts_with("secret") {
                "secret = \"not-the-secret\"".to_owned()
            } else {
                l.to_owned()
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    let arrived = shifted(&deadline, -600);
    deliver_at(&maildir, "1.v", &text_mail(V_ADDR, &[], &forged), &arrived);
    let read = shifted(&deadline, -60);
    d.cmd()
        .env("GIGLIO_NOW", &read)
        .args(["inbox", "--maildir"])
        .arg(&maildir)
        .assert()
        .success();
    let shown = |t: &str| {
        chrono::DateTime::parse_from_rfc3339(t)
            .expect("a time")
            .with_timezone(&chrono_tz::Europe::Rome)
            .format("%Y-%m-%d %H:%M Europe/Rome")
            .to_string()
    };
    let texts = sent_texts(&d);
    let alerts: Vec<&String> = texts
        .iter()
        .filter(|(_, subject, _)| subject.contains("intake: "))
        .map(|(_, _, t)| t)
        .collect();
    assert!(!alerts.is_empty(), "{texts:#?}");
    // The club's own answer says when the message it answers arrived (it quotes
    // nothing of it, so a club that sent several could not tell which).
    let reply = texts
        .iter()
        .find(|(to, _, _)| to.iter().any(|t| t == V_ADDR))
        .map(|(_, _, t)| t)
        .expect("Venice's answer");
    assert!(
        reply.contains(&format!("è arrivato nella casella il {}", shown(&arrived))),
        "{reply}"
    );
    for text in alerts {
        assert!(text.contains(&shown(&arrived)), "{text}");
        assert!(!text.contains(&shown(&read)), "{text}");
        assert!(!text.contains(&arrived), "a raw UTC time: {text}");
        // One message is told of in the singular (a play-test read "these messages").
        assert!(
            text.contains("This message was not accepted") && !text.contains("These"),
            "{text}"
        );
        // It says which mail it lists: a refused file that carried its secret is not
        // in it (a play-test's referee looked there for one).
        assert!(
            text.contains("Only mail that did not authenticate is listed here"),
            "{text}"
        );
    }
    // The journal counts what went where (a play-test read "1 messages not accepted
    // reported to the referee, 0 to their clubs" of a file its club had been answered).
    let out = d
        .cmd()
        .env("GIGLIO_NOW", &read)
        .arg("log")
        .assert()
        .success();
    let log = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        log.contains("1 message not accepted reported to the referee (1 already answered to the club one by one); 0 alerts and 0 digests to clubs; 1 message queued"),
        "{log}"
    );
}

/// A mail still unread reached the mailbox after the phase opened, or is judged as if
/// it had: a play-test's rehearsal under a pinned clock dropped files stamped with the
/// real day, a week before the phase, and a receipt read "replaces the file received
/// on" that day.
#[test]
fn a_mail_stamped_before_the_phase_opened_is_received_at_its_opening() {
    let d = Desk::new();
    let deadline = deadline_of(&d);
    let maildir = d.root.join("inbox");
    let m1 = d.orders("M", SPRING, "");
    deliver_at(
        &maildir,
        "1.m",
        &text_mail(M_ADDR, &[], &m1),
        "2001-01-01T09:00:00Z",
    );
    let m2 = d.orders("M", SPRING, "# changed our minds\n");
    deliver_at(
        &maildir,
        "2.m",
        &text_mail(M_ADDR, &[], &m2),
        "2001-01-02T09:00:00Z",
    );
    d.cmd()
        .env("GIGLIO_NOW", shifted(&deadline, -60))
        .args(["inbox", "--maildir"])
        .arg(&maildir)
        .assert()
        .success();
    let texts = sent_texts(&d);
    let receipts: Vec<&String> = texts
        .iter()
        .filter(|(to, _, _)| to.iter().any(|t| t == M_ADDR))
        .map(|(_, _, t)| t)
        .collect();
    assert_eq!(receipts.len(), 2, "{receipts:#?}");
    assert!(
        receipts[1].contains("It replaces the file received at") && !receipts[1].contains("2001"),
        "{}",
        receipts[1]
    );
    assert!(
        !receipts[1].contains("after the deadline"),
        "{}",
        receipts[1]
    );
}

/// The files of `nation` that count now, as `orders list --json` gives them.
fn active_files(d: &Desk, nation: &str) -> Vec<Value> {
    let all: Vec<Value> =
        serde_json::from_str(&d.stdout(&["orders", "list", "--json"])).expect("json");
    all.into_iter()
        .filter(|o| o["nation"] == nation && o["active"] == true)
        .collect()
}
