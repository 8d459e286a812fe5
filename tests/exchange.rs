//! Contact-exchange mode (G3c.3) played by mail: the round stops at an encounter, both
//! clubs are asked with a reply file, their secret choices come back through `giglio
//! inbox`, and the round goes on with them; `status`, `undo` and `audit` follow the
//! encounter step by step. Each club writes only from the mail it received.

use crate::mailbox::{Received, Season, header_of, sheet_of, with_secret};
use std::collections::BTreeMap;

/// A season of three clubs with the exchange switched on, played to the first round's
/// orders: Venice's second army marches on Florence's fortress F7, where F-A2 stands.
fn season_at_the_first_round() -> (Season, BTreeMap<String, String>) {
    let mut s = Season::new(&[]);
    crate::common::contact_exchange_on(&s.dir);
    let secrets = crate::mailbox::march_on_f7(&mut s, "");
    s.deliver();
    (s, secrets)
}

/// The reply file attached to a club's encounter mail, with its secret and a choice.
fn reply(mail: &Received, secret: &str, choice: &str) -> String {
    let (name, file) = sheet_of(mail);
    assert!(name.ends_with("-1494-r01-e1.toml"), "{name}");
    let file = with_secret(&file, secret);
    let line = file
        .lines()
        .find(|l| l.starts_with("choice = "))
        .expect("the reply file holds its standing choice")
        .to_owned();
    file.replacen(&line, &format!("choice = \"{choice}\""), 1)
}

fn asked<'a>(mail: &'a [Received], nation: &str) -> &'a Received {
    mail.iter()
        .find(|m| m.kind == "encounter" && m.nation == nation)
        .unwrap_or_else(|| panic!("{nation} is asked"))
}

#[test]
fn an_encounter_is_asked_by_mail_and_the_round_goes_on_with_the_clubs_choices() {
    let (mut s, secrets) = season_at_the_first_round();

    // The round stops at the encounter; only its two clubs are asked.
    let out = s.stdout(&["resolve"]);
    assert!(
        out.contains("stopped at encounter 1494-r01-e1 at F7"),
        "{out}"
    );
    let mail = s.deliver();
    let kinds: Vec<(&str, &str)> = mail
        .iter()
        .map(|m| (m.kind.as_str(), m.nation.as_str()))
        .collect();
    assert_eq!(kinds, [("encounter", "F"), ("encounter", "V")], "{kinds:?}");
    let (v, f) = (asked(&mail, "V"), asked(&mail, "F"));
    assert!(
        v.text.contains("V-A2") && v.text.contains("Castrocaro (F7)"),
        "{}",
        v.text
    );
    // Each side learns its own pieces and options, not the other's (G7).
    assert!(
        !v.text.contains("F-A2") && !v.text.contains("withdraw"),
        "{}",
        v.text
    );
    assert!(
        f.text.contains("F-A2") && f.text.contains("\"withdraw\""),
        "{}",
        f.text
    );
    assert!(
        !f.text.contains("V-A2") && !f.text.contains("V8"),
        "{}",
        f.text
    );
    // Nothing of the round is told before it is resolved: no report went out.
    assert!(mail.iter().all(|m| m.kind != "report"));
    let status = s.stdout(&["status"]);
    assert!(
        status.contains("stopped at 1494-r01-e1 at F7: waiting for V, F"),
        "{status}"
    );
    // Issue 31, point 8: the round waits for the replies, not for nothing.
    assert!(
        status.contains("waiting for: the encounter replies")
            && !status.contains("waiting for: nothing"),
        "{status}"
    );

    // Orders can no longer change; a reply for the wrong encounter, or from a club not
    // asked, is refused with its reason; the choices themselves are taken.
    let late_orders = header_of(&sheet_of(v).1, &secrets["V"])
        + "\n[[move]]\npiece = \"V-A1\"\npath = \"V0 -> V1\"\n";
    assert_eq!(s.mail_orders("V", &late_orders)["verdict"], "accepted");
    let receipt = s.deliver();
    assert!(
        receipt[0].text.contains("non possono più cambiare"),
        "{}",
        receipt[0].text
    );
    let wrong = reply(f, &secrets["F"], "retreat").replace("1494-r01-e1\"", "1494-r01-e2\"");
    assert_eq!(s.mail_orders("F", &wrong)["verdict"], "accepted");
    let receipt = s.deliver();
    assert!(
        receipt[0].text.contains("non è fermo a questo incontro"),
        "{}",
        receipt[0].text
    );
    let m_reply = reply(f, &secrets["M"], "attack").replace("club = \"F\"", "club = \"M\"");
    assert_eq!(s.mail_orders("M", &m_reply)["verdict"], "accepted");
    let receipt = s.deliver();
    assert!(
        receipt[0].text.contains("not asked to choose"),
        "{}",
        receipt[0].text
    );

    // Until the round goes on a club may change its mind: Florence first stands, then
    // falls back as a rearguard.
    for choice in ["stop", "retreat"] {
        let read = s.mail_orders("F", &reply(f, &secrets["F"], choice));
        assert_eq!(read["verdict"], "accepted", "{read}");
        let receipt = s.deliver();
        let taken = format!("«{choice}» è registrata");
        assert!(receipt[0].text.contains(&taken), "{}", receipt[0].text);
    }
    let status = s.stdout(&["status"]);
    assert!(status.contains("waiting for V"), "{status}");

    // Venice's choice is the last: the round goes on at once, with the choices. Attack
    // against retreat is a rearguard action (Table 34), which Florence's standing order
    // (stop) would not have given.
    let read = s.mail_orders("V", &reply(v, &secrets["V"], "attack"));
    assert_eq!(read["verdict"], "accepted", "{read}");
    let status = s.stdout(&["status"]);
    assert!(status.contains("1494 round 2"), "{status}");
    let battles = s.stdout(&["battle", "list", "--json"]);
    assert!(battles.contains("rearguard"), "{battles}");
    let reports = s.deliver();
    let v_receipt = reports
        .iter()
        .find(|r| r.kind == "receipt" && r.nation == "V")
        .expect("Venice's receipt");
    assert!(
        v_receipt.text.contains("«attack» è registrata"),
        "{}",
        v_receipt.text
    );
    let v_report = reports
        .iter()
        .find(|r| r.kind == "report" && r.nation == "V")
        .expect("Venice's report");
    assert!(v_report.text.contains("attaccare"), "{}", v_report.text);
    // Venice's late orders were not taken: its one file of the round is the first.
    let files = s.stdout(&["orders", "list", "--phase", "1494-r01", "--json"]);
    let files: serde_json::Value = serde_json::from_str(&files).expect("JSON");
    let venice = files
        .as_array()
        .expect("a list")
        .iter()
        .filter(|f| f["nation"] == "V")
        .count();
    assert_eq!(venice, 1, "{files}");

    // The clubs can check the referee: every step of the round replays.
    let audit = s.stdout(&["audit", "--phase", "1494-r01", "--json"]);
    let audit: serde_json::Value = serde_json::from_str(&audit).expect("JSON");
    let audit = &audit[0];
    assert_eq!(audit["steps_match"], true, "{audit}");
    assert_eq!(audit["resolution_matches"], true, "{audit}");

    // History lists the round's steps: the question, Venice's reply, Florence's two.
    let history = s.stdout(&["history"]);
    for line in ["step 1 (encounter)", "1494-r01-e1 from V", "step 4 (reply)"] {
        assert!(history.contains(line), "{line}: {history}");
    }

    // A reply changed afterwards (Florence "stood" after all) is caught: the round no
    // longer replays to what was stored.
    let conn = rusqlite::Connection::open(s.dir.join(giglio::storage::DB_FILE)).expect("open");
    let changed = conn
        .execute(
            "UPDATE phase_step SET input = replace(input, '\"choice\":\"retreat\"', '\"choice\":\"stop\"') WHERE kind = 'reply'",
            [],
        )
        .expect("tamper");
    assert!(changed > 0);
    drop(conn);
    let a = s
        .cmd()
        .args(["audit", "--phase", "1494-r01"])
        .assert()
        .failure();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.contains("differ"), "{out}");
}

#[test]
fn an_encounter_closes_at_the_referees_word_and_undo_takes_the_question_back() {
    let (mut s, secrets) = season_at_the_first_round();
    s.stdout(&["resolve"]);
    let mail = s.deliver();
    let v = asked(&mail, "V");
    assert_eq!(
        s.mail_orders("V", &reply(v, &secrets["V"], "retreat"))["verdict"],
        "accepted"
    );
    s.deliver();

    // Florence has not answered: the round waits, until the referee closes it.
    let refused = s.cmd().args(["resolve"]).assert().failure();
    let err = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
    assert!(
        err.contains("waits for the choices of F at encounter 1494-r01-e1"),
        "{err}"
    );

    // Undo takes back the reply, then the question (with a correction to both clubs,
    // who received it); the round asks again from its opening.
    s.stdout(&["undo"]);
    let status = s.stdout(&["status"]);
    assert!(status.contains("waiting for V, F"), "{status}");
    s.stdout(&["undo"]);
    let corrections = s.deliver();
    let told: Vec<&str> = corrections
        .iter()
        .filter(|m| m.kind == "correction")
        .map(|m| m.nation.as_str())
        .collect();
    assert_eq!(told, ["F", "V"], "{told:?}");
    assert!(
        corrections[0].text.contains("1494-r01-e1"),
        "{}",
        corrections[0].text
    );
    assert!(!s.stdout(&["status"]).contains("encounter:"));
    assert!(
        s.stdout(&["resolve"])
            .contains("stopped at encounter 1494-r01-e1")
    );
    s.deliver();

    // Closed by the referee: standing choices speak (both default to stop: the side in
    // hand goes back, and no battle is fought).
    let out = s.stdout(&["resolve", "--force"]);
    assert!(out.contains("resolved 1494 round 1"), "{out}");
    let battles = s.stdout(&["battle", "list", "--json"]);
    assert!(!battles.contains("1494-r01-F7"), "{battles}");
    let audit = s.stdout(&["audit", "--phase", "1494-r01", "--json"]);
    let audit: serde_json::Value = serde_json::from_str(&audit).expect("JSON");
    let audit = &audit[0];
    assert_eq!(audit["steps_match"], true, "{audit}");
    assert_eq!(audit["resolution_matches"], true, "{audit}");
}

/// Issue 28: an encounter's own deadline is moved on like the phase's, by an outage of
/// the service across it and by a hold, and the clubs it waits for are told; the round
/// is not closed at the old deadline.
#[test]
fn an_outage_or_a_hold_moves_an_encounters_deadline_on() {
    let (mut s, _) = season_at_the_first_round();
    let out = s.stdout(&["resolve"]);
    assert!(out.contains("stopped at encounter 1494-r01-e1"), "{out}");
    s.deliver();
    let inbox = s.dir.join("inbox");
    let pass = |s: &Season, at: &str| -> serde_json::Value {
        let out = s
            .cmd()
            .env("GIGLIO_NOW", at)
            .args(["run", "--once", "--json", "--maildir"])
            .arg(&inbox)
            .assert()
            .success();
        serde_json::from_slice(&out.get_output().stdout).expect("json")
    };
    pass(&s, "2026-09-01T09:00:00Z");
    // Four days away, across the encounter's deadline (48 h after it was asked).
    let p = pass(&s, "2026-09-05T09:00:00Z");
    let moved: Vec<&serde_json::Value> = p["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .filter(|a| a["action"] == "deadline_moved")
        .collect();
    assert_eq!(moved.len(), 1, "{p:#}");
    assert_eq!(moved[0]["phase"], "1494-r01#1494-r01-e1", "{p:#}");
    let to = moved[0]["to"].as_str().expect("to").to_owned();
    assert!(
        to.starts_with("2026-09-07"),
        "moved on by the outage: {p:#}"
    );
    let actions: Vec<&str> = p["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .filter_map(|a| a["action"].as_str())
        .collect();
    assert!(
        !actions.contains(&"resolved"),
        "the round still waits: {p:#}"
    );
    let mail = s.deliver();
    let told: Vec<&str> = mail
        .iter()
        .filter(|m| m.kind == "deadline")
        .map(|m| m.nation.as_str())
        .collect();
    assert_eq!(told, ["F", "V"], "the clubs it waits for");
    assert!(
        mail.iter()
            .any(|m| m.text.contains("1494-r01-e1") && m.text.contains("2026-09-07")),
        "{mail:#?}"
    );
    // A day's hold moves it on by a day.
    s.cmd()
        .env("GIGLIO_NOW", "2026-09-05T10:00:00Z")
        .arg("hold")
        .assert()
        .success();
    s.cmd()
        .env("GIGLIO_NOW", "2026-09-06T10:00:00Z")
        .arg("resume")
        .assert()
        .success();
    let mail = s.deliver();
    let resumed: Vec<&Received> = mail
        .iter()
        .filter(|m| m.kind == "deadline" && m.text.contains("1494-r01-e1"))
        .collect();
    assert_eq!(resumed.len(), 2, "{mail:#?}");
    assert!(
        resumed.iter().all(|m| m.text.contains("2026-09-08")),
        "{resumed:#?}"
    );
    // Past the moved deadline (a pass before it, so no outage) the service closes it
    // and the round goes on.
    pass(&s, "2026-09-08T07:30:00Z");
    let p = pass(&s, "2026-09-08T08:10:00Z");
    assert!(
        p["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .any(|a| a["action"] == "resolved" || a["action"] == "asked"),
        "{p:#}"
    );
}
