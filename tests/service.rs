//! The unattended referee (`giglio run`) end to end on the real binary: three clubs mail
//! into a Maildir and read what lands in the mail folder; the clock moves between passes
//! of `giglio run --once` (and, for the long-running service, through a clock file). No
//! step runs `inbox`, `mail send` or `resolve` by hand.

mod early;
mod grace;
mod kept;
mod season;
mod storage;

use crate::common::giglio;
use kept::{Got, Kept, actions, kinds, pair};
use std::collections::BTreeSet;
use std::io::BufRead;
use std::path::Path;

/// Passes days apart are no outage (the clock jumps in these tests, as a service that
/// looks every few minutes never would).
const NO_OUTAGE: &str = "outage_minutes = 1000000";

// The spring's deadline: seven days from the campaign's opening (2026-09-01) at 21:00
// in Rome, 19:00 UTC; its reminders at 48 h (09-06 19:00Z) and 4 h (09-08 15:00Z).

#[test]
fn a_spring_and_a_round_run_by_the_service_alone() {
    let mut k = Kept::new("");

    // `giglio new` made the Maildir giglio.toml names (mail may arrive before the first
    // pass); the first pass sends the welcomes.
    let p = k.pass("2026-09-01T08:05:00Z");
    assert_eq!(p["sent"], 3, "{p}");
    for sub in ["new", "cur", "tmp"] {
        assert!(k.dir.join("inbox").join(sub).is_dir(), "inbox/{sub}");
    }
    let got = k.received();
    assert_eq!(
        kinds(&got),
        vec![
            pair("welcome", "F"),
            pair("welcome", "M"),
            pair("welcome", "V")
        ]
    );
    assert_eq!(
        p["next"]["what"],
        "remind the clubs missing for 1494-spring (48 h before)"
    );
    assert_eq!(p["next"]["at"], "2026-09-06T21:00:00+02:00");

    // Venice and Milan mail their sheets: the next pass answers each with a receipt.
    k.mail_sheet("V");
    k.mail_sheet("M");
    let p = k.pass("2026-09-02T10:00:00Z");
    let verdicts: Vec<&str> = p["read"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["accepted", "accepted"], "{p}");
    assert_eq!(
        kinds(&k.received()),
        vec![pair("receipt", "M"), pair("receipt", "V")]
    );
    assert!(
        std::fs::read_dir(k.dir.join("inbox/new"))
            .unwrap()
            .next()
            .is_none(),
        "the messages read are marked seen"
    );

    // 48 hours before the deadline only Florence, whose orders are missing, is reminded;
    // a later pass does not remind it again.
    let p = k.pass("2026-09-06T19:30:00Z");
    assert_eq!(actions(&p), ["reminded"], "{p}");
    assert_eq!(p["actions"][0]["clubs"], serde_json::json!(["F"]));
    let got = k.received();
    assert_eq!(kinds(&got), vec![pair("reminder", "F")]);
    assert!(
        got[0].text.contains("2026-09-08 21:00 Europe/Rome"),
        "{}",
        got[0].text
    );
    // What standing without orders means, true of every piece (a play-test: "your
    // forces will stand" beside a fleet at sea that would sail home); Florence has no
    // fleet at sea, so nothing of fleets.
    assert!(
        ["armate restano dove sono", "armies stay where they are"]
            .iter()
            .any(|s| got[0].text.contains(s))
            && !got[0].text.contains("flotta")
            && !got[0].text.contains("fleet"),
        "{}",
        got[0].text
    );
    let p = k.pass("2026-09-06T20:00:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    assert!(k.received().is_empty());

    // Florence sends its orders: at 4 hours nobody is reminded.
    k.mail_sheet("F");
    k.pass("2026-09-07T09:00:00Z");
    assert_eq!(kinds(&k.received()), vec![pair("receipt", "F")]);
    let p = k.pass("2026-09-08T18:30:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    assert!(k.received().is_empty());

    // Past the deadline the spring is resolved and every club gets its report.
    let p = k.pass("2026-09-08T19:01:00Z");
    assert_eq!(
        p["actions"],
        serde_json::json!([{"action": "resolved", "phase": "1494-spring", "next": "1494-r01"}])
    );
    let got = k.received();
    for n in ["V", "M", "F"] {
        assert!(
            got.iter().any(|g| g.kind == "report" && g.to == n),
            "{n}'s report"
        );
    }
    assert!(
        got.iter().any(|g| g.to == "referee"),
        "the referee's report"
    );
    assert_eq!(k.status("2026-09-08T19:02:00Z")["phase"], "1494-r01");

    // Round 1 is due 09-11 21:00 Rome (19:00Z). Only Venice sends orders; then the
    // service is stopped until 09-12 10:00Z, across the deadline: it
    // moves the deadline on by the outage and tells everyone, instead of resolving.
    // (Its last pass was 09-09 10:00Z, so it was away exactly 3 days.)
    k.mail_sheet("V");
    k.pass("2026-09-09T10:00:00Z");
    assert_eq!(kinds(&k.received()), vec![pair("receipt", "V")]);
    let p = k.pass("2026-09-12T10:00:00Z");
    assert_eq!(actions(&p), ["deadline_moved"], "{p}");
    assert_eq!(p["actions"][0]["from"], "2026-09-11T21:00:00+02:00");
    assert_eq!(p["actions"][0]["to"], "2026-09-14T21:00:00+02:00");
    assert_eq!(p["actions"][0]["away"], "3 d");
    let got = k.received();
    // Milan and Florence, whose orders are missing, read that too: their notice stands
    // for the reminder.
    assert_eq!(
        kinds(&got),
        vec![
            pair("deadline", "V"),
            pair("reminder", "F"),
            pair("reminder", "M"),
            pair("service", "referee")
        ]
    );
    let m = got.iter().find(|g| g.to == "M").unwrap();
    assert!(m.text.contains("stopped for 3 days"), "{}", m.text);
    assert!(m.text.contains("have not arrived"), "{}", m.text);
    assert!(
        m.text.contains("2026-09-14 21:00 Europe/Rome"),
        "{}",
        m.text
    );
    assert_eq!(k.status("2026-09-12T10:01:00Z")["phase"], "1494-r01");

    // A clock that reads before the last pass is refused, and nothing is done.
    let out = k
        .cmd("2026-09-12T09:00:00Z")
        .args(["run", "--once"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("before the service's last pass"), "{err}");

    // The 4-hour reminder of the moved deadline goes to Milan and Florence; at the
    // moved deadline the round is resolved, the two late clubs holding.
    let p = k.pass("2026-09-14T15:30:00Z");
    assert_eq!(actions(&p), ["reminded"], "{p}");
    assert_eq!(p["actions"][0]["hours_before"], 4);
    assert_eq!(p["actions"][0]["clubs"], serde_json::json!(["F", "M"]));
    k.received();
    let p = k.pass("2026-09-14T16:00:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    let p = k.pass("2026-09-14T16:30:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    let p = k.pass("2026-09-14T17:00:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    let p = k.pass("2026-09-14T17:30:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    let p = k.pass("2026-09-14T18:30:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    let p = k.pass("2026-09-14T19:00:01Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
    assert_eq!(k.status("2026-09-14T19:01:00Z")["phase"], "1494-r02");

    // Every action is in the journal.
    let log = String::from_utf8(
        k.cmd("2026-09-14T19:02:00Z")
            .args(["log"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone(),
    )
    .unwrap();
    for said in [
        "1 reminder queued, 48 h before the deadline of 1494-spring: F",
        "resolve 1494 spring: 1494 round 1 is open",
        "the service was away 3 d while the deadline of 1494-r01 passed",
        "2 reminders queued, 4 h before the deadline of 1494-r01: F, M",
        "resolve 1494 round 1: 1494 round 2 is open",
    ] {
        assert!(log.contains(said), "the journal lacks `{said}`:\n{log}");
    }
}

/// The hold is the referee's, not an outage of the service: the first pass after
/// `resume` resolves a phase whose deadline passed during the hold, as `resume` says,
/// where a play-test's pass called the hold an absence, moved the deadline on and told
/// every club a deadline already gone.
#[test]
fn a_pass_after_resume_does_not_count_the_hold_as_an_outage() {
    let mut k = Kept::new("grace_minutes = 10\noutage_minutes = 60");
    k.pass("2026-09-08T18:00:00Z");
    k.received();
    // Past the deadline (21:00 in Rome), inside the grace: the phase waits.
    let p = k.pass("2026-09-08T19:05:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    k.cmd("2026-09-08T19:08:00Z")
        .args(["hold", "--reason", "a check"])
        .assert()
        .success();
    // A pass while held sends the notices of the hold, and resolves nothing.
    let p = k.pass("2026-09-08T19:09:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    k.received();
    let out = k
        .cmd("2026-09-08T20:40:00Z")
        .args(["resume"])
        .assert()
        .success();
    let said = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(said.contains("has passed all the same"), "{said}");
    let p = k.pass("2026-09-08T20:45:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
    let got = k.received();
    assert!(
        !got.iter().any(|g| g.kind == "deadline"),
        "{:?}",
        kinds(&got)
    );
}

#[test]
fn a_held_clock_resolves_nothing_and_resume_moves_the_deadline_on() {
    // Days between passes are no outage here: the hold is what is tested.
    let mut k = Kept::new(NO_OUTAGE);
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    let held = k
        .cmd("2026-09-05T12:00:00Z")
        .args(["hold", "--reason", "a holiday"])
        .assert()
        .success();
    let held = String::from_utf8_lossy(&held.get_output().stdout).into_owned();
    assert!(
        held.contains("the clubs are told, with your reason"),
        "{held}"
    );
    // Held: no reminder at 48 h, nothing resolved past the deadline.
    let p = k.pass("2026-09-06T19:30:00Z");
    assert_eq!(p["held"], true);
    let status = k.status("2026-09-06T19:31:00Z");
    assert_eq!(status["service"]["held_since"], "2026-09-05T12:00:00Z");
    assert_eq!(status["service"]["hold_reason"], "a holiday");
    // The referee reads the hold in the campaign's zone, with its reason.
    let text = k
        .cmd("2026-09-06T19:31:00Z")
        .arg("status")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    assert!(
        text.contains("since 2026-09-05 14:00 Europe/Rome (a holiday): `giglio run`"),
        "{text}"
    );
    // No plan of a pass from before the hold is shown as the next thing done.
    assert!(
        text.contains("; next: nothing until `giglio resume`") && !text.contains("next ("),
        "{text}"
    );
    assert!(actions(&p).is_empty(), "{p}");
    // Every club is told when the clock stops, with the referee's reason (a play-test
    // heard of the hold only when it ended).
    let told = k.received();
    assert_eq!(
        kinds(&told),
        vec![
            pair("deadline", "F"),
            pair("deadline", "M"),
            pair("deadline", "V")
        ]
    );
    let m = told.iter().find(|g| g.to == "M").expect("Milan's notice");
    assert!(
        m.text
            .contains("stopped the campaign's clock (the referee's reason: a holiday)"),
        "{}",
        m.text
    );
    let p = k.pass("2026-09-09T12:00:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    assert!(k.received().is_empty());
    assert_eq!(k.status("2026-09-09T12:00:00Z")["phase"], "1494-spring");

    // Resumed after 4 days: the deadline moves on by 4 days and every club is told.
    let out = k
        .cmd("2026-09-09T12:00:00Z")
        .args(["resume", "--json"])
        .assert()
        .success();
    let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(r["held_for"], "4 d");
    assert_eq!(r["moved"][2], "2026-09-12T21:00:00+02:00");
    // Right after `resume`, the plan is the resumed clock's, not the held pass's
    // "nothing" (play-test 45 read "nothing scheduled" beside a phase to resolve).
    let text = k
        .cmd("2026-09-09T12:01:00Z")
        .arg("status")
        .assert()
        .success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    assert!(
        text.contains("; next (") && !text.contains("nothing scheduled"),
        "{text}"
    );
    k.pass("2026-09-09T12:05:00Z");
    let got = k.received();
    assert_eq!(
        kinds(&got),
        vec![
            pair("deadline", "F"),
            pair("deadline", "M"),
            pair("deadline", "V")
        ]
    );
    assert!(
        got[0].text.contains("fermato l'orologio per 4 giorni"),
        "{}",
        got[0].text
    );
    // A second resume does nothing.
    let out = k
        .cmd("2026-09-09T12:10:00Z")
        .args(["resume"])
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains("was not held"));

    // `undo` holds the clock, or the service would resolve again at once.
    let p = k.pass("2026-09-12T19:00:01Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
    k.received();
    k.cmd("2026-09-12T19:05:00Z")
        .args(["undo", "--reason", "un risultato inserito per sbaglio"])
        .assert()
        .success();
    let p = k.pass("2026-09-12T19:10:00Z");
    assert_eq!(p["held"], true, "{p}");
    assert!(actions(&p).is_empty(), "{p}");
    assert_eq!(k.status("2026-09-12T19:10:00Z")["phase"], "1494-spring");
    // The correction gives the referee's reason, the deadline that stands (passed here)
    // and the clock held (a play-test's clubs heard of a stopped clock only on resume).
    let got = k.received();
    let v = got
        .iter()
        .find(|g| g.kind == "correction" && g.to == "V")
        .expect("Venice's correction");
    for said in [
        "Il motivo dell'arbitro: un risultato inserito per sbaglio",
        "è passato: un nuovo file è un file in ritardo",
        "Intanto l'orologio dell'arbitro è fermo",
    ] {
        assert!(v.text.contains(said), "{said}: {}", v.text);
    }
    // Resumed with the deadline still behind it: no club is told a time already gone
    // (a play-test got "orders are now due by" a past hour); the next pass resolves.
    let out = k
        .cmd("2026-09-12T19:30:00Z")
        .args(["resume"])
        .assert()
        .success();
    let said = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        said.contains("has passed all the same: the phase is resolved at the service's next pass")
            && !said.contains("0 notices"),
        "{said}"
    );
    let p = k.pass("2026-09-12T19:31:00Z");
    assert_eq!(actions(&p), ["resolved"], "{p}");
    let got = k.received();
    assert!(
        !got.iter().any(|g| g.kind == "deadline"),
        "{:?}",
        kinds(&got)
    );

    // Undone again, and resolved by hand during the hold: the phase that opens gets its
    // deadline then, and resuming leaves it as it is, telling no club of a hold it was
    // not open for (a play-test's clubs read a 3-minute hold and a deadline off its hour).
    k.cmd("2026-09-12T19:35:00Z")
        .args(["undo"])
        .assert()
        .success();
    k.cmd("2026-09-12T19:40:00Z")
        .args(["resolve"])
        .assert()
        .success();
    let due = k.status("2026-09-12T19:41:00Z")["deadline"]
        .as_str()
        .expect("the new phase's deadline")
        .to_owned();
    k.received();
    k.cmd("2026-09-12T19:45:00Z")
        .args(["resume"])
        .assert()
        .success();
    assert_eq!(k.status("2026-09-12T19:46:00Z")["deadline"], due.as_str());
    let p = k.pass("2026-09-12T19:47:00Z");
    assert!(actions(&p).is_empty(), "{p}");
    let got = k.received();
    assert!(
        !got.iter().any(|g| g.kind == "deadline"),
        "{:?}",
        kinds(&got)
    );
}

/// Reads the service's log lines on a thread, so the test waits for a line with a bound
/// instead of sleeping.
struct Log(std::sync::mpsc::Receiver<String>);

impl Log {
    fn new(stderr: std::process::ChildStderr) -> Log {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Log(rx)
    }

    /// The lines up to the first that contains `text`; fails after a minute of silence.
    fn until(&self, text: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            match self.0.recv_timeout(std::time::Duration::from_secs(60)) {
                Ok(line) => {
                    let found = line.contains(text);
                    lines.push(line);
                    if found {
                        return lines;
                    }
                }
                Err(e) => panic!(
                    "no log line with `{text}` ({e}); got:\n{}",
                    lines.join("\n")
                ),
            }
        }
    }
}

fn write_clock(path: &Path, now: &str) {
    // Written aside and renamed, so the service never reads half a time.
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, now).expect("write the clock");
    std::fs::rename(&tmp, path).expect("move the clock");
}

#[test]
fn the_long_running_service_answers_on_arrival_resolves_when_the_clock_moves_and_stops_on_sigterm()
{
    let mut k = Kept::new(NO_OUTAGE);
    let clock = k.root.join("clock");
    write_clock(&clock, "2026-09-01T08:05:00Z");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("giglio"))
        .arg("-C")
        .arg(&k.dir)
        .arg("run")
        .env_remove("GIGLIO_NOW")
        .env("GIGLIO_CLOCK_FILE", &clock)
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start giglio run");
    let log = Log::new(child.stderr.take().unwrap());
    log.until("keeping");
    log.until("sent 3");
    k.received();

    // One service per campaign: a second is refused while the first runs.
    let out = k
        .cmd("2026-09-01T08:06:00Z")
        .args(["run", "--once"])
        .assert()
        .code(75);
    let err = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
    assert!(err.contains("keeps it going"), "{err}");
    // The referee's own commands still work beside it.
    k.cmd("2026-09-01T08:06:00Z")
        .args(["status"])
        .assert()
        .success();

    // A message arriving is answered without waiting for the next poll.
    k.mail_sheet("V");
    log.until("accepted from V");
    log.until("sent 1");
    assert_eq!(kinds(&k.received()), vec![pair("receipt", "V")]);

    // The clock moves: the service reminds at 48 hours, then resolves past the deadline.
    write_clock(&clock, "2026-09-06T19:30:00Z");
    log.until("reminded F, M");
    write_clock(&clock, "2026-09-08T19:00:30Z");
    log.until("resolved 1494-spring");

    // SIGTERM stops it after the current step, cleanly.
    let pid = child.id().to_string();
    std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    log.until("stopped");
    assert!(child.wait().expect("wait").success());
}

/// A campaign (the tests' fixed clock, 2026-09-01 08:00Z) whose round 1 left battle
/// 1494-r01-F7 waiting for the table: its card went out then, so it is due to be
/// played by 2026-09-08 08:00Z. `fallback` is written into rules.toml.
fn battle_waiting(fallback: &str) -> crate::common::TestCampaign {
    let t = crate::common::TestCampaign::new();
    let rules = t.dir.join("campaign/rules.toml");
    let text = std::fs::read_to_string(&rules).expect("rules.toml");
    assert!(text.contains("battle_fallback = \"auto\""), "{text}");
    std::fs::write(
        &rules,
        text.replacen(
            "battle_fallback = \"auto\"",
            &format!("battle_fallback = \"{fallback}\""),
            1,
        ),
    )
    .expect("write rules.toml");
    t.with_referee();
    t.submit_all("1494-spring", &[]);
    t.run(&["resolve", "--force"]).success();
    t.submit_all(
        "1494-r01",
        &[(
            "V",
            "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n",
        )],
    );
    t.run(&["resolve"]).success();
    t
}

fn at(t: &crate::common::TestCampaign, now: &str, args: &[&str]) -> assert_cmd::assert::Assert {
    giglio(t.tmp.path())
        .env("GIGLIO_NOW", now)
        .arg("-C")
        .arg(&t.dir)
        .args(args)
        .assert()
}

fn once(t: &crate::common::TestCampaign, now: &str) -> serde_json::Value {
    let out = at(t, now, &["run", "--once", "--json"]).success();
    serde_json::from_slice(&out.get_output().stdout).expect("JSON")
}

fn mail_kinds(t: &crate::common::TestCampaign, now: &str, kind: &str) -> Vec<String> {
    let out = at(t, now, &["mail", "status", "--json"]).success();
    let rows: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let mut who: Vec<String> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == kind)
        .map(|r| r["nation"].as_str().unwrap_or("referee").to_owned())
        .collect();
    who.sort();
    who
}

#[test]
fn a_battle_past_its_play_by_date_is_auto_resolved_with_its_own_game_and_both_clubs_are_told() {
    let t = battle_waiting("auto");
    // The card names the date and what happens after it.
    let card = at(
        &t,
        "2026-09-02T08:00:00Z",
        &["battle", "card", "1494-r01-F7"],
    )
    .success();
    let card = String::from_utf8_lossy(&card.get_output().stdout).into_owned();
    assert!(
        card.contains("Play by: 2026-09-08 10:00 Europe/Rome. If two agreeing results have not arrived by then, the battle is resolved automatically with its own game"),
        "{card}"
    );
    // Before the date the round waits for the battle, said once per state.
    let p = once(&t, "2026-09-07T08:00:00Z");
    assert_eq!(actions(&p), ["waiting"], "{p}");
    assert!(
        p["actions"][0]["why"]
            .as_str()
            .unwrap()
            .contains("battles wait for their result: 1494-r01-F7"),
        "{p}"
    );
    // Venice mails its result; Florence never does.
    let f = t.orders_file(
        "result-V.toml",
        "V",
        "1494-r02",
        "[[battle_result]]\nbattle = \"1494-r01-F7\"\nwinner = \"V\"\nlosses = { V = 50, F = 120 }\n",
    );
    at(
        &t,
        "2026-09-07T09:00:00Z",
        &["battle", "result", "1494-r01-F7", &f],
    )
    .success();
    // Past it the battle is auto-resolved, both clubs told why, and the round, past its
    // deadline, is resolved in the same pass.
    let p = once(&t, "2026-09-08T08:00:01Z");
    assert_eq!(actions(&p), ["battle_fallback", "resolved"], "{p}");
    assert_eq!(p["actions"][0]["fallback"], "auto");
    assert_eq!(
        mail_kinds(&t, "2026-09-08T08:01:00Z", "fallback"),
        ["F", "V"]
    );
    // Only the club whose mailed result is set aside is told so, in its own words and
    // under its own language's campaign title.
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    let fallback_to = |nation: &str| -> String {
        let m = store
            .outbox(None)
            .expect("outbox")
            .into_iter()
            .find(|m| m.kind == "fallback" && m.nation.as_deref() == Some(nation))
            .expect("a fallback notice");
        let raw = store.message_bytes(m.id).expect("bytes").expect("kept");
        let msg = mail_parser::MessageParser::default()
            .parse(&raw)
            .expect("parses");
        msg.body_text(0).expect("text").into_owned()
    };
    let (v, f) = (fallback_to("V"), fallback_to("F"));
    assert!(
        v.contains("Il risultato che avevate mandato è messo da parte"),
        "{v}"
    );
    assert!(
        !f.contains("messo da parte") && !f.contains("set aside"),
        "{f}"
    );
    assert!(p["actions"][0]["winner"].is_string(), "{p}");
    // Its dice are logged with the battle's id, as `battle auto` logs them.
    let dice = at(&t, "2026-09-08T08:01:00Z", &["log", "--dice"]).success();
    let dice = String::from_utf8_lossy(&dice.get_output().stdout).into_owned();
    assert!(dice.contains("1494-r01-F7"), "{dice}");
    let p = once(&t, "2026-09-08T08:30:00Z");
    assert!(!actions(&p).contains(&"battle_fallback".to_owned()), "{p}");
}

#[test]
fn under_hold_a_battle_past_its_date_keeps_waiting_and_the_referee_is_reminded_once() {
    let t = battle_waiting("hold");
    let card = at(
        &t,
        "2026-09-02T08:00:00Z",
        &["battle", "card", "1494-r01-F7"],
    )
    .success();
    let card = String::from_utf8_lossy(&card.get_output().stdout).into_owned();
    assert!(
        card.contains("the battle keeps waiting and the referee is reminded"),
        "{card}"
    );
    let p = once(&t, "2026-09-08T08:00:01Z");
    assert_eq!(actions(&p), ["battle_fallback", "waiting"], "{p}");
    assert_eq!(p["actions"][0]["fallback"], "hold");
    assert_eq!(
        mail_kinds(&t, "2026-09-08T08:01:00Z", "fallback"),
        ["F", "V", "referee"]
    );
    let p = once(&t, "2026-09-08T08:30:00Z");
    assert_eq!(actions(&p), ["waiting"], "told once: {p}");
    assert_eq!(
        mail_kinds(&t, "2026-09-08T08:31:00Z", "fallback"),
        ["F", "V", "referee"]
    );
}

#[test]
fn a_club_silent_for_three_phases_falls_into_civil_disorder_and_the_bot_plays_it() {
    let mut k = Kept::new(NO_OUTAGE);
    let rules = k.dir.join("campaign/rules.toml");
    let text = std::fs::read_to_string(&rules).expect("rules.toml");
    assert!(text.contains("civil_disorder_after = 3"), "{text}");
    std::fs::write(
        &rules,
        text.replacen(
            "civil_disorder_play = \"stand\"",
            "civil_disorder_play = \"bot\"",
            1,
        ),
    )
    .expect("write rules.toml");
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    // Venice and Milan send their sheets every phase; Florence never does. Each phase's
    // deadline is 21:00 in Rome (19:00Z): the spring's on 09-08, each round's three
    // days after the last resolution.
    let deadlines = [
        ("1494-spring", "2026-09-08T19:01:00Z"),
        ("1494-r01", "2026-09-11T19:01:00Z"),
        ("1494-r02", "2026-09-14T19:01:00Z"),
        ("1494-r03", "2026-09-17T19:01:00Z"),
        ("1494-r04", "2026-09-20T19:01:00Z"),
    ];
    for (i, (phase, due)) in deadlines.iter().enumerate() {
        k.mail_sheet("V");
        k.mail_sheet("M");
        // `status` says beforehand who will be in disorder when the phase goes.
        let disorder = &k.status(due)["disorder"];
        let expected: &[&str] = if i >= 3 { &["F"] } else { &[] };
        assert_eq!(disorder, &serde_json::json!(expected), "{phase}");
        // The referee's reminder an hour before says so to Florence (a play-test's
        // club, silent for three rounds, read its last reminder as an ordinary one).
        let hour_before = (chrono::DateTime::parse_from_rfc3339(due).expect("a time")
            - chrono::Duration::hours(1))
        .with_timezone(&chrono::Utc)
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        k.cmd(&hour_before).args(["remind"]).assert().success();
        let p = k.pass(due);
        assert_eq!(
            p["actions"].as_array().unwrap().last().unwrap()["phase"],
            *phase,
            "{p}"
        );
        let got = k.received();
        let reminder = got
            .iter()
            .find(|g| g.kind == "reminder" && g.to == "F")
            .unwrap_or_else(|| panic!("{phase}: Florence is reminded"));
        assert_eq!(
            reminder.text.contains(
                "se non ne arrivano nemmeno per questa, la vostra nazione cade nel disordine civile"
            ),
            i == 3,
            "{phase}: {}",
            reminder.text
        );
        assert_eq!(
            reminder
                .text
                .contains("La vostra nazione è nel disordine civile (G0)"),
            i > 3,
            "{phase}: {}",
            reminder.text
        );
        // Florence's own report and sheet say it is in disorder, and what ends it (a
        // play-test's club read a winter report that never said so).
        let report = got
            .iter()
            .find(|g| g.kind == "report" && g.to == "F")
            .unwrap_or_else(|| panic!("{phase}: Florence's report"));
        assert_eq!(
            report.text.contains(
                "La vostra nazione è in disordine civile (G0): il vostro club non manda ordini propri"
            ) && report.text.contains("gli ordini li dà il bot dell'arbitro"),
            i >= 3,
            "{phase}: {}",
            report.text
        );
        // The bot's orders never reached the mailbox: they are no late file.
        assert!(
            !report.text.contains("dopo il termine"),
            "{phase}: {}",
            report.text
        );
        assert_eq!(
            k.sheets["F"].contains("Questo file, mandato entro il termine, pone fine al disordine"),
            i >= 3,
            "{phase}: {}",
            k.sheets["F"]
        );
        let told: Vec<(String, String)> = kinds(&got)
            .into_iter()
            .filter(|(kind, _)| kind == "disorder")
            .collect();
        if i == 3 {
            // Silent in the spring and rounds 1 and 2, and again in round 3: every
            // club and the referee are told, once.
            assert_eq!(
                told,
                vec![
                    pair("disorder", "F"),
                    pair("disorder", "M"),
                    pair("disorder", "V"),
                    pair("disorder", "referee")
                ],
                "{p}"
            );
            let m = got
                .iter()
                .find(|g| g.kind == "disorder" && g.to == "M")
                .unwrap();
            assert!(m.text.contains("falls into civil disorder"), "{}", m.text);
            assert!(m.text.contains("given by the referee's bot"), "{}", m.text);
            assert!(
                !m.text.contains("This concerns your own nation"),
                "{}",
                m.text
            );
            // Florence itself is addressed as the nation concerned.
            let f = got
                .iter()
                .find(|g| g.kind == "disorder" && g.to == "F")
                .unwrap();
            assert!(
                f.text.starts_with("Questo riguarda la vostra nazione: qui sotto c'è l'avviso che ricevono tutti i club."),
                "{}",
                f.text
            );
        } else {
            assert!(told.is_empty(), "{phase}: {told:?}");
        }
        // From round 3 on the bot gives Florence's orders, marked as the bot's.
        let out = k.cmd(due).args(["log"]).assert().success();
        let log = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        let said = format!("civil disorder in {phase}: F; the bot gives their orders");
        assert_eq!(log.contains(&said), i >= 3, "{phase}:\n{log}");
    }
    // A sheet from Florence's club ends it, with no bot orders, and every club is told
    // (a play-test's return went unsaid); the referee sees it in the journal.
    k.mail_sheet("F");
    k.mail_sheet("V");
    k.mail_sheet("M");
    let p = k.pass("2026-09-23T19:01:00Z");
    assert_eq!(p["actions"][0]["phase"], "1494-r05", "{p}");
    let got = k.received();
    let report = got
        .iter()
        .find(|g| g.kind == "report" && g.to == "F")
        .expect("Florence's report");
    assert!(!report.text.contains("disordine civile"), "{}", report.text);
    let told: Vec<(String, String)> = kinds(&got)
        .into_iter()
        .filter(|(kind, _)| kind == "disorder")
        .collect();
    assert_eq!(
        told,
        vec![
            pair("disorder", "F"),
            pair("disorder", "M"),
            pair("disorder", "V")
        ],
        "{p}"
    );
    let m = got
        .iter()
        .find(|g| g.kind == "disorder" && g.to == "M")
        .unwrap();
    assert!(
        m.text
            .contains("the civil disorder is over, and the nation plays again"),
        "{}",
        m.text
    );
    let log = String::from_utf8_lossy(
        &k.cmd("2026-09-23T19:02:00Z")
            .args(["log"])
            .assert()
            .success()
            .get_output()
            .stdout,
    )
    .into_owned();
    assert!(
        log.contains("civil disorder in 1494-r05 ends for F: its club sent orders")
            && !log.contains("civil disorder in 1494-r05: F"),
        "{log}"
    );
    // Every phase the bot played replays: the audit passes.
    k.cmd("2026-09-23T19:03:00Z")
        .args(["audit"])
        .assert()
        .success();
}

#[test]
fn over_imap_and_smtp_the_service_waits_in_idle_and_answers_a_message_as_it_arrives() {
    use crate::common::servers::{IMAP_PASSWORD, MailOpts, MailServers};
    let servers = MailServers::start(MailOpts::plain());
    let mut k = Kept::new(NO_OUTAGE);
    let clock = k.root.join("clock");
    write_clock(&clock, "2026-09-01T08:05:00Z");
    let url = format!("imap://club@127.0.0.1:{}/INBOX", servers.imap_port);
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("giglio"))
        .arg("-C")
        .arg(&k.dir)
        .args(["run", "--imap", &url])
        .env_remove("GIGLIO_NOW")
        .env("GIGLIO_CLOCK_FILE", &clock)
        .env("GIGLIO_IMAP_PASSWORD", IMAP_PASSWORD)
        .env("GIGLIO_SMTP_HOST", "127.0.0.1")
        .env("GIGLIO_SMTP_PORT", servers.smtp_port.to_string())
        .env("GIGLIO_SMTP_SECURITY", "none")
        .stderr(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start giglio run");
    let log = Log::new(child.stderr.take().unwrap());
    log.until("sent 3");
    let welcomes: Vec<Got> = servers.received().iter().map(|raw| k.read(raw)).collect();
    assert_eq!(
        kinds(&welcomes),
        vec![
            pair("welcome", "F"),
            pair("welcome", "M"),
            pair("welcome", "V")
        ]
    );

    // The service waits in IDLE: Venice's mail, appended to the mailbox, wakes it, and
    // the receipt is accepted by the SMTP server.
    let raw = k.sheet_mail("V");
    servers.deliver_to_imap("club", &raw);
    log.until("accepted from V");
    log.until("sent 1");
    let all = servers.received();
    assert_eq!(all.len(), 4);
    let receipt = k.read(&all[3]);
    assert_eq!(pair(&receipt.kind, &receipt.to), pair("receipt", "V"));

    // A moved clock ends the wait too: the 48-hour reminders go to Milan and Florence.
    write_clock(&clock, "2026-09-06T19:30:00Z");
    log.until("reminded F, M");
    log.until("sent 2");

    let pid = child.id().to_string();
    std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    log.until("stopped");
    assert!(child.wait().expect("wait").success());
}

#[test]
fn with_a_digest_the_referee_gets_each_day_what_happened_the_day_before_once() {
    let mut k = Kept::new(&format!("digest = true\n{NO_OUTAGE}"));
    let p = k.pass("2026-09-01T08:05:00Z");
    assert!(!actions(&p).contains(&"digest".to_owned()), "{p}");
    k.received();
    k.mail_sheet("V");
    k.pass("2026-09-01T12:00:00Z");
    k.received();
    let p = k.pass("2026-09-02T08:00:00Z");
    assert_eq!(actions(&p), ["digest"], "{p}");
    assert_eq!(p["actions"][0]["day"], "2026-09-01");
    let got = k.received();
    assert_eq!(kinds(&got), vec![pair("digest", "referee")]);
    let text = &got[0].text;
    for said in [
        "2026-09-01 10:00 Europe/Rome [new c] new campaign",
        "[run] orders of V for 1494-spring accepted",
    ] {
        assert!(text.contains(said), "the digest lacks `{said}`:\n{text}");
    }
    let p = k.pass("2026-09-02T12:00:00Z");
    assert!(actions(&p).is_empty(), "one digest a day: {p}");
    // The phase resolved later that day: the day's digest is not sent again (a
    // play-test's referee got it twice, the second from the pass that resolved).
    k.cmd("2026-09-02T13:00:00Z")
        .args(["resolve", "--force"])
        .assert()
        .success();
    k.received();
    let p = k.pass("2026-09-02T14:00:00Z");
    assert!(!actions(&p).contains(&"digest".to_owned()), "{p}");
    // Days without a pass are not lost: the next digest covers every day since.
    let p = k.pass("2026-09-06T08:00:00Z");
    let digested = p["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .find(|a| a["action"] == "digest")
        .map(|a| a["day"].clone());
    assert_eq!(
        digested,
        Some(serde_json::json!("2026-09-02 to 2026-09-05")),
        "{p}"
    );
    let got = k.received();
    let digest: Vec<_> = got.iter().filter(|g| g.kind == "digest").collect();
    assert_eq!(digest.len(), 1, "{:?}", kinds(&got));
    assert!(
        digest[0].text.contains("from 2026-09-02 to 2026-09-05")
            || digest[0].text.contains("dal 2026-09-02 al 2026-09-05"),
        "{}",
        digest[0].text
    );
    assert!(
        digest[0]
            .text
            .contains("[resolve] resolve 1494 spring: 1494 round 1 is open"),
        "{}",
        digest[0].text
    );
}

#[test]
fn a_year_of_bot_clubs_mailing_through_the_service_loses_nothing() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let out = giglio(tmp.path())
        .env("GIGLIO_NOW", "2026-03-01T12:00:00Z")
        .args(["demo", "d", "--years", "1", "--service"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    // Eleven order phases of eight clubs, every one read and resolved by the service.
    assert!(
        text.contains("through the service: 88 order mails read"),
        "{text}"
    );
    for phase in ["1494-spring", "1494-r05", "1494-r10", "1494-winter"] {
        assert!(
            text.contains(&format!("resolved {phase} by the service")),
            "{text}"
        );
    }
    let dir = tmp.path().join("d");
    // The closing summary counts the mail the service wrote out (it said 0: the
    // service had sent it all before the summary's own send found none left).
    let emls = std::fs::read_dir(dir.join("mail/out"))
        .expect("mail/out")
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "eml"))
        })
        .count();
    assert!(emls > 96, "a year's reports at least: {emls}");
    assert!(
        text.contains(&format!("mail: {emls} messages (reports")),
        "{text}"
    );
    let log = giglio(tmp.path())
        .env("GIGLIO_NOW", "2026-05-01T12:00:00Z")
        .arg("-C")
        .arg(&dir)
        .args(["log"])
        .assert()
        .success();
    let log = String::from_utf8_lossy(&log.get_output().stdout).into_owned();
    assert!(
        log.contains("order mails") || log.contains("orders of V for 1494-r10 accepted"),
        "{log}"
    );
    assert!(
        !log.contains("rejected"),
        "every bot file was accepted:\n{log}"
    );
    giglio(tmp.path())
        .env("GIGLIO_NOW", "2026-05-01T12:00:00Z")
        .arg("-C")
        .arg(&dir)
        .arg("audit")
        .assert()
        .success();
}

/// Issue 28 point 5, G6.3: a club asks for more time by mail, in a file that carries
/// nothing else. Granted at once within the limits: the deadline moves on for every
/// club, each is told the new one (not who asked), and the asking club's orders are
/// untouched; the service does not resolve at the old deadline. Refused with the reason
/// past `extension_max_hours` and once the club has had its extensions of the year.
#[test]
fn an_extension_asked_by_mail_moves_the_deadline_for_every_club() {
    let mut k = Kept::new(NO_OUTAGE);
    k.pass("2026-09-01T08:05:00Z");
    k.received();
    let ask = |k: &mut Kept, hours: u32| {
        let body = format!(
            "club = \"V\"\nphase = \"1494-spring\"\nsecret = \"{}\"\n[extension]\nhours = {hours}\nreason = \"a wedding in the club\"\n",
            k.secrets["V"]
        );
        let raw = k.mail_of("V", &body);
        k.deliver(&raw);
    };
    let deadline = |k: &Kept, now: &str| {
        k.status(now)["deadline"]
            .as_str()
            .expect("a deadline")
            .to_owned()
    };
    assert_eq!(
        deadline(&k, "2026-09-02T10:00:00Z"),
        "2026-09-08T21:00:00+02:00"
    );
    ask(&mut k, 24);
    k.pass("2026-09-02T10:00:00Z");
    assert_eq!(
        deadline(&k, "2026-09-02T10:01:00Z"),
        "2026-09-09T21:00:00+02:00"
    );
    let got = k.received();
    let receipt = got
        .iter()
        .find(|g| g.kind == "receipt" && g.to == "V")
        .expect("V's receipt");
    assert!(
        receipt.text.contains("ore in più è accolta")
            && receipt.text.contains("2026-09-09 21:00 Europe/Rome"),
        "{}",
        receipt.text
    );
    assert!(
        receipt.text.contains("non porta ordini"),
        "{}",
        receipt.text
    );
    let told: BTreeSet<&str> = got
        .iter()
        .filter(|g| g.kind == "deadline")
        .map(|g| g.to.as_str())
        .collect();
    assert_eq!(
        told.into_iter().collect::<Vec<_>>(),
        ["F", "M", "V"],
        "{:?}",
        kinds(&got)
    );
    for g in got.iter().filter(|g| g.kind == "deadline") {
        assert!(
            !g.text.contains("wedding") && !g.text.contains("Venezia"),
            "{}",
            g.text
        );
    }
    // At the old deadline nothing is resolved.
    let p = k.pass("2026-09-08T19:05:00Z");
    assert!(!actions(&p).contains(&"resolved".to_owned()), "{p}");
    // Too long, then a second one, then none left.
    ask(&mut k, 72);
    k.pass("2026-09-08T19:10:00Z");
    let refused = k.received();
    let r = refused
        .iter()
        .find(|g| g.kind == "receipt")
        .expect("receipt");
    assert!(r.text.contains("al massimo 48 ore"), "{}", r.text);
    ask(&mut k, 12);
    k.pass("2026-09-08T19:20:00Z");
    k.received();
    assert_eq!(
        deadline(&k, "2026-09-08T19:21:00Z"),
        "2026-09-10T09:00:00+02:00"
    );
    ask(&mut k, 12);
    k.pass("2026-09-08T19:30:00Z");
    let r = k.received();
    let r = r.iter().find(|g| g.kind == "receipt").expect("receipt");
    assert!(r.text.contains("2 proroghe l'anno"), "{}", r.text);
    assert_eq!(
        deadline(&k, "2026-09-08T19:31:00Z"),
        "2026-09-10T09:00:00+02:00"
    );
}

/// Issue 29 (a play-test): Venice and Milan both attack Florence's army at Castrocaro,
/// two battles at one place, and neither is played by its date. The pass that
/// auto-resolves them goes on past a battle the first result made lapse (it stopped
/// with "battle … does not wait for its result"), and the round is resolved.
#[test]
fn the_fallback_pass_skips_a_battle_the_first_fallback_made_lapse() {
    let t = crate::common::TestCampaign::new();
    t.with_referee();
    // Florence leaves most of its Castrocaro army in the fortress as a garrison: the
    // army left in the field loses the first battle, which sends it away.
    t.submit_all(
        "1494-spring",
        &[("F", "[[garrison]]\narmy = \"F-A2\"\nvalue = 110\n")],
    );
    t.run(&["resolve", "--force"]).success();
    t.two_attacks_on_castrocaro();
    let p = once(&t, "2026-09-08T08:00:01Z");
    // Venice's battle is auto-resolved first; Milan's lapses and is skipped.
    assert_eq!(actions(&p), ["battle_fallback", "resolved"], "{p}");
    assert_eq!(p["actions"][0]["winner"], "V", "{p}");
    assert!(p["errors"].as_array().unwrap().is_empty(), "{p}");
    // Milan, no side of Venice's battle, is told its own battle lapsed.
    assert!(
        mail_kinds(&t, "2026-09-08T08:01:00Z", "update").contains(&"M".to_owned()),
        "{p}"
    );
    let list = at(&t, "2026-09-08T08:01:00Z", &["battle", "list"]).success();
    let list = String::from_utf8_lossy(&list.get_output().stdout).into_owned();
    assert!(!list.contains("1494-r01-F7"), "{list}");
}
