//! The deadline's edges run by the service: an outage with every order in (nobody lost
//! a turn, so the phase resolves as due), and early resolution over a late file the
//! referee has not decided on (it waits out the grace).

use super::NO_OUTAGE;
use super::kept::{Kept, actions, kinds, pair};

/// A service away across a deadline moves it on only when a club's orders were missing:
/// with every club's in, nobody lost a turn, and the phase resolves as due (a play-test's
/// rehearsal, its clock jumped to the next action, mailed every club "the service was
/// stopped" over orders all in).
#[test]
fn an_outage_with_every_order_in_resolves_as_due_and_tells_nobody_of_it() {
    let mut k = Kept::new("grace_minutes = 30");
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    for n in ["V", "M", "F"] {
        k.mail_sheet(n);
    }
    let p = k.pass("2026-09-02T08:00:00Z");
    assert_eq!(verdicts_of(&p), ["accepted"; 3], "{p}");
    // What comes next says its time is the deadline and the grace after it.
    assert_eq!(
        p["next"]["what"],
        "resolve 1494-spring (its deadline, 2026-09-08 21:00 Europe/Rome, and 30 min of grace)",
        "{p}"
    );
    k.received();
    // The spring is due 09-08 21:00 Rome; the service runs again a day later.
    resolves_telling_nobody_of_an_outage(&mut k, "2026-09-09T19:30:00Z");
}

/// A spring under `config` where Venice alone sent its orders, on 09-02, each mail read
/// by then.
fn venice_in(config: &str) -> Kept {
    let mut k = Kept::new(config);
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    k.mail_sheet("V");
    k.pass("2026-09-02T08:00:00Z");
    k.received();
    k
}

/// A pass at `at` resolves the open phase, and no club nor the referee is told of a
/// moved deadline or of the service's absence.
fn resolves_telling_nobody_of_an_outage(k: &mut Kept, at: &str) {
    let p = k.pass(at);
    assert_eq!(actions(&p), ["resolved"], "{p}");
    let got = k.received();
    assert!(
        !got.iter()
            .any(|g| g.kind == "deadline" || g.kind == "service"),
        "{:?}",
        kinds(&got)
    );
}

/// An outage that began shortly before the deadline cost the clubs no more than a
/// usual gap between passes: the phase resolves as due, and nobody is sent a "new"
/// deadline that is already the minute it is read (a play-test's outage began at the
/// deadline, and the clubs were told to send their orders by the time they read it).
#[test]
fn an_outage_that_began_at_the_deadline_resolves_the_phase_as_due() {
    let mut k = venice_in("outage_minutes = 60");
    // Passes every half hour up to the deadline (09-08 21:00 Rome, 19:00Z), one at it…
    for at in [
        "2026-09-08T18:00:00Z",
        "2026-09-08T18:30:00Z",
        "2026-09-08T18:59:00Z",
    ] {
        let p = k.pass(at);
        assert!(actions(&p).iter().all(|a| a == "reminded"), "{p}");
    }
    k.received();
    // …then the service is away an hour and a half: M and F's orders are missing.
    resolves_telling_nobody_of_an_outage(&mut k, "2026-09-08T20:30:00Z");
}

/// After an outage, a club whose orders are missing gets one message: the moved
/// deadline, that its orders have not arrived, and that this stands for the reminder
/// the same pass would have sent (a play-test's club got the notice and a reminder in
/// one pass); a club whose orders are in gets the notice alone.
#[test]
fn an_outage_notice_stands_for_the_reminder_of_the_same_pass() {
    let mut k = venice_in("outage_minutes = 60");
    // The 4-hour reminder of the deadline (09-08 19:00Z) goes at 16:00Z…
    let p = k.pass("2026-09-08T16:00:00Z");
    assert_eq!(actions(&p), ["reminded"], "{p}");
    k.received();
    // …then the service is away 4 h 30 min across it: the deadline moves to 23:30Z,
    // whose own 4-hour reminder would be due now.
    let p = k.pass("2026-09-08T20:30:00Z");
    assert_eq!(actions(&p), ["deadline_moved"], "{p}");
    let got = k.received();
    assert_eq!(
        kinds(&got),
        vec![
            pair("deadline", "V"),
            pair("reminder", "F"),
            pair("reminder", "M"),
            pair("service", "referee")
        ]
    );
    let m = got.iter().find(|g| g.to == "M").expect("Milan's notice");
    assert!(
        m.text.contains("Your orders for round 1")
            || m.text
                .contains("Your orders for spring 1494 have not arrived"),
        "{}",
        m.text
    );
    assert!(
        m.text.contains("this notice stands for the reminder"),
        "{}",
        m.text
    );
    let v = got.iter().find(|g| g.to == "V").expect("Venice's notice");
    assert!(!v.text.contains("non sono arrivati"), "{}", v.text);
    // Nor does the next pass send the reminder of this offset.
    let p = k.pass("2026-09-08T21:00:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    assert!(k.received().is_empty());
}

/// With `early`, a phase goes once every order is in, but not over a late file the
/// referee has not decided on: the grace is the time to refuse it (a play-test's late
/// file completed the orders and the round went in the same pass, the club told the
/// referee could still refuse it).
#[test]
fn early_resolution_waits_out_the_grace_over_a_late_file() {
    let mut k = Kept::new(&format!("early = true\ngrace_minutes = 60\n{NO_OUTAGE}"));
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    for n in ["V", "M"] {
        k.mail_sheet(n);
    }
    let p = k.pass("2026-09-02T08:00:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    // Florence's file reaches the mailbox ten minutes after the deadline (19:00Z).
    k.mail_sheet("F");
    let p = k.pass("2026-09-08T19:10:00Z");
    assert_eq!(verdicts_of(&p), ["accepted"], "{p}");
    assert!(
        actions(&p).is_empty(),
        "the late file waits for the grace: {p}"
    );
    let p = k.pass("2026-09-08T19:40:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    // Past the grace the phase goes, the late file counting.
    let p = k.pass("2026-09-08T20:01:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
}

/// The verdicts of the messages a pass read, in order.
fn verdicts_of(p: &serde_json::Value) -> Vec<&str> {
    p["read"]
        .as_array()
        .map(|a| a.iter().filter_map(|r| r["verdict"].as_str()).collect())
        .unwrap_or_default()
}
