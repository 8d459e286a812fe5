//! The service's early resolution (`[run] early`) and preview: a phase goes once every
//! club's file is in and none has parts left out, never the winter; after `undo`, the
//! clubs and the referee are told whether it goes again at once.

use super::NO_OUTAGE;
use super::kept::{Kept, actions, kinds, pair};

#[test]
fn under_preview_the_referee_gets_what_resolving_would_send_and_resolves_by_hand() {
    let mut k = Kept::new(&format!("resolve = \"preview\"\n{NO_OUTAGE}"));
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    let p = k.pass("2026-09-08T19:01:00Z");
    assert_eq!(actions(&p), ["previewed"], "{p}");
    let got = k.received();
    // Only the referee's preview: no club hears anything yet.
    assert_eq!(kinds(&got), vec![pair("preview", "referee")]);
    let names: Vec<&String> = got[0].files.keys().collect();
    for n in ["report-V.eml", "report-M.eml", "report-F.eml"] {
        assert!(names.iter().any(|x| *x == n), "{n} in {names:?}");
    }
    // A later pass neither mails it again nor resolves.
    let p = k.pass("2026-09-08T19:30:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    assert!(k.received().is_empty());
    assert_eq!(k.status("2026-09-08T19:30:00Z")["phase"], "1494-spring");
    k.cmd("2026-09-08T20:00:00Z")
        .args(["resolve"])
        .assert()
        .success();
    k.pass("2026-09-08T20:05:00Z");
    assert!(
        k.received()
            .iter()
            .any(|g| g.kind == "report" && g.to == "V")
    );
}

#[test]
fn with_early_resolution_the_phase_goes_once_every_order_is_in() {
    let mut k = Kept::new(&format!("early = true\n{NO_OUTAGE}"));
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    for n in ["V", "M"] {
        k.mail_sheet(n);
    }
    let p = k.pass("2026-09-02T08:00:00Z");
    assert!(actions(&p).is_empty(), "one club's orders are missing: {p}");
    k.mail_sheet("F");
    let p = k.pass("2026-09-02T08:30:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
}

/// A file with parts left out does not count as in for `early`: its club will likely
/// send it again, as its receipt says it may (a play-test's club misspelt its objective,
/// and the spring went in the same pass, the objective lost for good).
#[test]
fn with_early_resolution_a_file_with_parts_left_out_waits_for_the_next() {
    let mut k = Kept::new(&format!("early = true\n{NO_OUTAGE}"));
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    for n in ["V", "M"] {
        k.mail_sheet(n);
    }
    let sheet = k.sheet_mail("F");
    let slip = String::from_utf8(sheet).expect("UTF-8").replacen(
        "kind = \"most_cities\"",
        "kind = \"most_citys\"",
        1,
    );
    k.deliver(slip.as_bytes());
    let p = k.pass("2026-09-02T08:30:00Z");
    assert!(
        actions(&p).is_empty(),
        "Florence's file lost its objective: {p}"
    );
    // Florence is told its file holds the phase, and the referee why the phase waits.
    let got = k.received();
    let receipt = got
        .iter()
        .find(|g| g.kind == "receipt" && g.to == "F")
        .expect("Florence's receipt");
    assert!(
        receipt
            .text
            .contains("questa fase ora aspetta un vostro nuovo file"),
        "{}",
        receipt.text
    );
    let status = k.status("2026-09-02T08:31:00Z");
    let waiting = status["waiting_for"].as_str().expect("waiting_for");
    assert!(
        waiting.contains("the file of F had parts left out")
            && waiting.contains("early resolution waits"),
        "{waiting}"
    );
    k.mail_sheet("F");
    let p = k.pass("2026-09-02T09:00:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
}

/// After `undo` of a phase that went early, every club's file is still in: the clubs
/// are told it may go again as soon as the referee goes on, and the referee how to let
/// them send new files first (a play-test's clubs were told they had until the
/// deadline, and the phase went again a minute after `resume`).
#[test]
fn an_undone_phase_with_every_file_in_says_it_may_go_again_at_once() {
    let mut k = Kept::new(&format!("early = true\n{NO_OUTAGE}"));
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    for n in ["V", "M", "F"] {
        k.mail_sheet(n);
    }
    let p = k.pass("2026-09-02T08:30:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
    k.pass("2026-09-02T08:31:00Z");
    k.received();
    let out = k
        .cmd("2026-09-02T09:00:00Z")
        .args(["undo"])
        .assert()
        .success();
    let said = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        said.contains("[run] early is on and every club's orders are in"),
        "{said}"
    );
    k.pass("2026-09-02T09:01:00Z");
    let got = k.received();
    let v = got
        .iter()
        .find(|g| g.kind == "correction" && g.to == "V")
        .expect("Venice's correction");
    assert!(
        v.text
            .contains("può essere risolta di nuovo appena l'arbitro riprende"),
        "{}",
        v.text
    );
    // `resume` tells no club a new deadline: the next pass resolves the phase, and a
    // play-test's clubs got the notice and the report in one pass.
    let out = k
        .cmd("2026-09-02T10:00:00Z")
        .args(["resume"])
        .assert()
        .success();
    let said = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        said.contains("the service's next pass resolves it, so no club is told a new deadline"),
        "{said}"
    );
    let p = k.pass("2026-09-02T10:01:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
    k.pass("2026-09-02T10:02:00Z");
    let got = k.received();
    let kinds: Vec<&str> = got.iter().map(|g| g.kind.as_str()).collect();
    assert!(!kinds.contains(&"deadline"), "{kinds:?}");
    assert!(kinds.contains(&"report"), "{kinds:?}");
}

/// A phase the referee resolved by hand while a file with parts left out held early
/// resolution: undone, it does not go at the first pass either (the flawed file still
/// holds it), so neither the referee nor the clubs are told it may.
#[test]
fn an_undone_phase_held_by_a_flawed_file_is_not_said_to_go_at_once() {
    let mut k = Kept::new(&format!("early = true\n{NO_OUTAGE}"));
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    for n in ["V", "M"] {
        k.mail_sheet(n);
    }
    let sheet = k.sheet_mail("F");
    let slip = String::from_utf8(sheet).expect("UTF-8").replacen(
        "kind = \"most_cities\"",
        "kind = \"most_citys\"",
        1,
    );
    k.deliver(slip.as_bytes());
    let p = k.pass("2026-09-02T08:30:00Z");
    assert!(actions(&p).is_empty(), "the flawed file holds it: {p}");
    k.cmd("2026-09-02T08:40:00Z")
        .args(["resolve"])
        .assert()
        .success();
    k.pass("2026-09-02T08:41:00Z");
    k.received();
    let out = k
        .cmd("2026-09-02T09:00:00Z")
        .args(["undo"])
        .assert()
        .success();
    let said = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(said.contains("is open again"), "{said}");
    assert!(!said.contains("[run] early is on"), "{said}");
    k.pass("2026-09-02T09:01:00Z");
    let got = k.received();
    let v = got
        .iter()
        .find(|g| g.kind == "correction" && g.to == "V")
        .expect("Venice's correction");
    assert!(
        v.text.contains("potete mandarne uno nuovo fino al termine")
            && !v.text.contains("può essere risolta di nuovo appena"),
        "{}",
        v.text
    );
}

/// The winter takes no orders, so `early` never sends it: it waits for the referee (or
/// `winter_days`), as every report before it says (a play-test's winter went at the next
/// pass while the reports said the referee would resolve it).
#[test]
fn with_early_resolution_the_winter_still_waits_for_the_referee() {
    let mut k = Kept::new(&format!("early = true\n{NO_OUTAGE}"));
    crate::common::two_summer_rounds(&k.dir);
    k.pass("2026-09-01T08:05:00Z");
    let mut report = k.received();
    for (phase, at) in [
        ("spring", "2026-09-02T08:30:00Z"),
        ("round 1", "2026-09-03T08:30:00Z"),
        ("round 2", "2026-09-04T08:30:00Z"),
    ] {
        for n in ["V", "M", "F"] {
            k.mail_sheet(n);
        }
        let p = k.pass(at);
        assert_eq!(actions(&p), ["resolved"], "{phase} goes early: {p}");
        report = k.received();
    }
    let v = report
        .iter()
        .find(|g| g.kind == "report" && g.to == "V")
        .expect("Venice's report of the round");
    assert!(v.text.contains("lo risolve l'arbitro"), "{}", v.text);
    let p = k.pass("2026-09-20T08:30:00Z");
    assert!(actions(&p).is_empty(), "the winter waits: {p}");
}
