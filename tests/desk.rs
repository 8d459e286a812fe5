//! Clubs that change during a campaign and the referee's word to them (issue 19,
//! point 7), on the real binary: `club edit`, `club handover`, `club leave`, `announce`.

use crate::common::{TestCampaign, code_of, stderr_of};
use mail_parser::MessageParser;

/// The outbox as `mail status --json` lists it.
fn outbox(t: &TestCampaign) -> Vec<serde_json::Value> {
    serde_json::from_str(&t.stdout(&["mail", "status", "--json"])).expect("JSON")
}

/// The queued messages of one kind.
fn of_kind(t: &TestCampaign, kind: &str) -> Vec<serde_json::Value> {
    outbox(t)
        .into_iter()
        .filter(|m| m["kind"] == kind && m["status"] == "queued")
        .collect()
}

/// The journal's descriptions.
fn journal(t: &TestCampaign) -> Vec<String> {
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(&t.stdout(&["log", "--json"])).expect("JSON");
    rows.iter()
        .map(|r| r["description"].as_str().unwrap_or("").to_owned())
        .collect()
}

/// The text part of every message `mail send --to-dir` writes, by recipient list.
fn sent_texts(t: &TestCampaign) -> Vec<(String, String)> {
    let out = t.tmp.path().join("out");
    t.run(&["mail", "send", "--to-dir", out.to_str().expect("UTF-8")])
        .success();
    std::fs::read_dir(&out)
        .expect("the out folder")
        .map(|e| {
            let raw = std::fs::read(e.expect("entry").path()).expect("an .eml");
            let m = MessageParser::default().parse(&raw).expect("MIME");
            let to = m
                .to()
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.address())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .unwrap_or_default();
            (to, m.body_text(0).unwrap_or_default().into_owned())
        })
        .collect()
}

#[test]
fn club_edit_is_journaled_and_told_at_the_old_and_new_addresses() {
    let t = TestCampaign::new();
    let before = t.stdout(&["club", "list", "--json"]);
    for bad in [
        &["club", "edit", "F"][..],
        &["club", "edit", "F", "--email", "not an address"][..],
        &["club", "edit", "F", "--name", "  "][..],
        &["club", "edit", "ZZ", "--lang", "en"][..],
    ] {
        let a = t.run(bad).failure();
        assert_eq!(code_of(&a), 1, "{bad:?}: {}", stderr_of(&a));
    }
    assert_eq!(
        t.stdout(&["club", "list", "--json"]),
        before,
        "nothing changed"
    );
    t.run(&[
        "club",
        "edit",
        "F",
        "--name",
        "Circolo Medici",
        "--email",
        "New@Example.org",
        "--lang",
        "en",
    ])
    .success();
    let clubs: Vec<serde_json::Value> =
        serde_json::from_str(&t.stdout(&["club", "list", "--json"])).expect("JSON");
    let f = clubs.iter().find(|c| c["nation"] == "F").expect("F");
    assert_eq!(
        (&f["name"], &f["emails"], &f["lang"]),
        (
            &serde_json::json!("Circolo Medici"),
            &serde_json::json!(["new@example.org"]),
            &serde_json::json!("en")
        )
    );
    assert!(
        journal(&t)
            .iter()
            .any(|d| d.contains("club of F") && d.contains("new@example.org")),
        "{:?}",
        journal(&t)
    );
    let told = of_kind(&t, "club-edit");
    assert_eq!(told.len(), 1, "{told:?}");
    assert_eq!(
        told[0]["recipients"],
        serde_json::json!(["new@example.org", "f@clubs.example"])
    );
    let texts = sent_texts(&t);
    let (_, text) = texts
        .iter()
        .find(|(to, _)| to.contains("new@example.org"))
        .expect("the notice");
    assert!(
        text.contains("Circolo Medici") && text.contains("old and the new addresses"),
        "{text}"
    );
}

#[test]
fn a_nation_handed_over_gets_a_new_secret_and_a_welcome_the_old_club_a_farewell() {
    let t = TestCampaign::new();
    let a = t
        .run(&[
            "club",
            "handover",
            "V",
            "--name",
            "Nuovo Leone",
            "--email",
            "leone@example.org",
        ])
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    let secret = out
        .lines()
        .skip_while(|l| !l.starts_with("new secret"))
        .nth(1)
        .expect("the new secret")
        .trim()
        .to_owned();
    // The old club's secret no longer works; the new one does.
    let old = t.orders_file("old.toml", "V", "1494-spring", "");
    assert_eq!(code_of(&t.run(&["orders", "submit", &old]).failure()), 65);
    std::fs::write(
        t.tmp.path().join("new.toml"),
        format!("club = \"V\"\nphase = \"1494-spring\"\nsecret = \"{secret}\"\n"),
    )
    .expect("write");
    t.run(&["orders", "submit", "new.toml"]).success();
    let welcome = of_kind(&t, "welcome");
    assert_eq!(welcome.len(), 1);
    assert_eq!(
        welcome[0]["recipients"],
        serde_json::json!(["leone@example.org"])
    );
    let farewell = of_kind(&t, "club-farewell");
    assert_eq!(
        farewell[0]["recipients"],
        serde_json::json!(["v@clubs.example"])
    );
    assert!(
        journal(&t)
            .iter()
            .any(|d| d.contains("V handed to a new club"))
    );
    let texts = sent_texts(&t);
    let (_, w) = texts
        .iter()
        .find(|(to, _)| to == "leone@example.org")
        .expect("the welcome");
    assert!(w.contains(&secret), "the welcome carries the new secret");
}

#[test]
fn a_club_that_leaves_makes_its_nation_neutral_and_every_phase_still_audits() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.run(&["club", "leave", "M"]).success();
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("JSON");
    assert!(
        status["neutral"]
            .as_array()
            .expect("neutral")
            .contains(&"M".into())
            && !status["clubs"]
                .as_array()
                .expect("clubs")
                .contains(&"M".into()),
        "{status}"
    );
    // A neutral nation gives no orders (G0): its secret no longer works.
    let f = t.orders_file("m.toml", "M", "1494-r01", "");
    assert_eq!(code_of(&t.run(&["orders", "submit", &f]).failure()), 65);
    assert_eq!(of_kind(&t, "club-leave").len(), 1);
    assert!(
        t.stdout(&["club", "list"])
            .contains("(left: the nation is neutral)")
    );
    let a = t
        .run(&[
            "club",
            "handover",
            "M",
            "--name",
            "X",
            "--email",
            "x@example.org",
        ])
        .failure();
    assert_eq!(code_of(&a), 1);
    assert_eq!(code_of(&t.run(&["club", "leave", "M"]).failure()), 1);
    t.run(&["resolve", "--force"]).success();
    // The opening of round 1 differs from what spring produced by the referee's act
    // alone: the audit knows it and passes both phases.
    let audit = t.stdout(&["audit"]);
    assert_eq!(audit.matches(": ok").count(), 2, "{audit}");
    // Deadlines go to the clubs still playing only.
    t.run(&["deadline", "--set", "2030-01-01 21:00"]).success();
    let told = of_kind(&t, "deadline");
    assert!(
        !told.is_empty() && told.iter().all(|m| m["nation"] != "M"),
        "{told:?}"
    );
}

#[test]
fn announce_reaches_every_club_in_its_language_and_the_chronicle_when_asked() {
    let t = TestCampaign::new();
    t.run(&["club", "edit", "F", "--lang", "en"]).success();
    let file = t.tmp.path().join("break.toml");
    std::fs::write(
        &file,
        "it = \"\"\"Pausa: nessuna fase fino al 7 gennaio.\"\"\"\nen = \"\"\"Break: no phase until 7 January.\"\"\"\n",
    )
    .expect("write");
    t.run(&["announce", "break.toml", "--chronicle"]).success();
    let sent = of_kind(&t, "announcement");
    assert_eq!(sent.len(), 8, "every club");
    assert!(
        journal(&t)
            .iter()
            .any(|d| d.contains("announcement to the clubs"))
    );
    let texts = sent_texts(&t);
    let f = &texts
        .iter()
        .find(|(to, _)| to == "f@clubs.example")
        .expect("F")
        .1;
    let v = &texts
        .iter()
        .find(|(to, _)| to == "v@clubs.example")
        .expect("V")
        .1;
    assert!(f.contains("Break: no phase") && !f.contains("Pausa"), "{f}");
    assert!(
        v.contains("Pausa: nessuna fase") && !v.contains("Break"),
        "{v}"
    );
    // A file that is not an announcement is refused where it is wrong (65).
    std::fs::write(t.tmp.path().join("bad.toml"), "it = \"ok\"\nfr = \"non\"\n").expect("write");
    let a = t.run(&["announce", "bad.toml"]).failure();
    assert_eq!(code_of(&a), 65);
    assert!(stderr_of(&a).contains("bad.toml:2:1"), "{}", stderr_of(&a));
    // The year's chronicle carries it, in each language.
    for _ in 0..12 {
        t.run(&["resolve", "--force"]).success();
    }
    let en = t.stdout(&["report", "--year", "1494", "--lang", "en"]);
    let it = t.stdout(&["report", "--year", "1494"]);
    assert!(
        en.contains("From the referee") && en.contains("Break: no phase"),
        "{en}"
    );
    assert!(
        it.contains("Dall'arbitro") && it.contains("Pausa: nessuna fase"),
        "{it}"
    );
}
