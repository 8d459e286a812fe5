//! `giglio undo` on the real binary: a phase opened again as it was, its dice drawn
//! anew under the ruling `fresh_seed_after_undo` (or kept before it), several phases
//! back, the clubs told by correction and by the report that replaces theirs.

use crate::common::{TestCampaign, export_and_commitment, ruling_off};
use sha2::{Digest, Sha256};

#[test]
fn undo_after_a_resolution_reopens_the_spring_with_its_orders() {
    let t = TestCampaign::new();
    t.submit_all(
        "1494-spring",
        &[("V", "[[raise]]\nnode = \"V0\"\nvalue = 200\n")],
    );
    let before = t.stdout(&["export", "--json"]);
    t.stdout(&["resolve"]);
    let seed = || -> String {
        let rows: serde_json::Value =
            serde_json::from_str(&t.stdout(&["history", "--json"])).expect("json");
        rows.as_array().expect("rows")[0]["revealed_seed"]
            .as_str()
            .expect("a seed")
            .to_owned()
    };
    let first = seed();
    let undo = t.stdout(&["undo"]);
    assert!(undo.contains("its dice are drawn anew"), "{undo}");
    let (world, old) = export_and_commitment(&before);
    let (again, new) = export_and_commitment(&t.stdout(&["export", "--json"]));
    assert_eq!(again, world, "the same world, the same orders");
    assert_ne!(new, old, "its dice drawn anew");
    assert!(undo.contains(&new), "the new commitment is shown: {undo}");
    t.stdout(&["resolve"]);
    let second = seed();
    assert_ne!(second, first, "a seed never revealed before");
    let digest = Sha256::digest(hex::decode(&second).expect("hex"));
    assert_eq!(hex::encode(digest), new, "the seed committed at the undo");
    t.run(&["audit"]).success();
}

/// A campaign written before the ruling `fresh_seed_after_undo` (its dice kept through
/// an undo), every club's spring orders in, Venice's raising an army of 200 ducats.
fn spring_with_a_raise_and_the_same_seed() -> TestCampaign {
    let t = TestCampaign::new();
    ruling_off(&t.dir, "fresh_seed_after_undo");
    t.submit_all(
        "1494-spring",
        &[("V", "[[raise]]\nnode = \"V0\"\nvalue = 200\n")],
    );
    t
}

/// A campaign written before the ruling `fresh_seed_after_undo` keeps the seed its
/// undone reports revealed: resolve, undo, resolve is identical, as it always was.
#[test]
fn without_the_fresh_seed_ruling_undo_and_resolve_again_is_identical() {
    let t = spring_with_a_raise_and_the_same_seed();
    let before = t.stdout(&["export", "--json"]);
    let first = t.stdout(&["resolve", "--json"]);
    let undo = t.stdout(&["undo"]);
    assert!(!undo.contains("drawn anew"), "{undo}");
    assert_eq!(t.stdout(&["export", "--json"]), before);
    assert_eq!(
        t.stdout(&["resolve", "--json"]),
        first,
        "resolve, undo, resolve: identical"
    );
}

/// Issue 29 point 8: after `undo` sent the clubs a correction, a resolution that gives
/// every club the report it already received tells each so, instead of silence (the
/// identical report is not sent twice). Under the ruling `fresh_seed_after_undo` no
/// report is ever the same (each reveals its new seed): see the next test.
#[test]
fn a_re_resolution_that_changes_nothing_tells_the_clubs_so() {
    let t = TestCampaign::new();
    ruling_off(&t.dir, "fresh_seed_after_undo");
    t.submit_all("1494-spring", &[]);
    t.stdout(&["resolve"]);
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    let undo = t.stdout(&["undo"]);
    assert!(undo.contains("corrections queued"), "{undo}");
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    t.stdout(&["resolve"]);
    let rows: Vec<serde_json::Value> =
        serde_json::from_str(&t.stdout(&["mail", "status", "--json"])).expect("json");
    let queued: Vec<&serde_json::Value> = rows.iter().filter(|r| r["status"] == "queued").collect();
    let reports = queued.iter().filter(|r| r["kind"] == "report").count();
    assert_eq!(
        reports, 0,
        "the same reports are not sent twice: {queued:#?}"
    );
    let told: Vec<&str> = queued
        .iter()
        .filter(|r| r["kind"] == "correction")
        .filter_map(|r| r["subject"].as_str())
        .collect();
    assert_eq!(told.len(), t.secrets.len(), "{queued:#?}");
    assert!(
        told.iter()
            .all(|s| s.contains("resolved again") || s.contains("nuova risoluzione")),
        "{told:?}"
    );
}

/// After `undo`, a club whose new report differs is told what differs in its own
/// forces, treasury and places from the report it had (a play-test's club compared the
/// two by hand); a club whose report is the same is told it stands; nobody reads
/// another club's pieces.
#[test]
fn a_re_resolution_tells_each_club_what_differs_from_the_withdrawn_report() {
    let t = spring_with_a_raise_and_the_same_seed();
    t.stdout(&["resolve"]);
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    t.stdout(&["undo"]);
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    let f = t.orders_file(
        "V-again.toml",
        "V",
        "1494-spring",
        "[[raise]]\nnode = \"V0\"\nvalue = 150\n",
    );
    t.run(&["orders", "submit", &f]).success();
    t.stdout(&["resolve"]);
    let out = t.dir.join("again");
    t.stdout(&["mail", "send", "--to-dir", out.to_str().expect("utf-8")]);
    let mut changed = Vec::new();
    let mut stands = 0;
    for entry in std::fs::read_dir(&out).expect("again") {
        let bytes = std::fs::read(entry.expect("entry").path()).expect("eml");
        let m = mail_parser::MessageParser::default()
            .parse(&bytes)
            .expect("a message");
        let subject = m.subject().unwrap_or_default().to_owned();
        let text = m.body_text(0).map(|b| b.into_owned()).unwrap_or_default();
        if subject.contains("che cosa cambia per voi") || subject.contains("what changed for you") {
            changed.push(text);
        } else if subject.contains("your report stands")
            || subject.contains("il vostro rapporto vale")
        {
            stands += 1;
        }
    }
    assert_eq!(changed.len(), 1, "Venice alone: {changed:#?}");
    assert_eq!(stands, t.secrets.len() - 1, "the others' reports stand");
    let v = &changed[0];
    assert!(v.contains("Rispetto al rapporto ritirato:"), "{v}");
    assert!(
        v.contains(", 150 ducati (nel rapporto ritirato: ") && v.contains(", 200 ducati)"),
        "the army raised anew, both sizes: {v}"
    );
    assert!(v.contains("- tesoro: "), "the treasury: {v}");
    let armies = v.matches("- armata ").count();
    assert_eq!(armies, 1, "its own army alone: {v}");
}

#[test]
fn undo_goes_back_several_phases_and_victory_reports_standings() {
    let t = TestCampaign::new();
    t.submit_all(
        "1494-spring",
        &[("V", "objective = { kind = \"most_ports\" }\n")],
    );
    let before = t.stdout(&["export", "--json"]);
    t.run(&["resolve"]).success();
    t.run(&["resolve", "--force"]).success();
    assert!(t.stdout(&["status"]).contains("1494 round 2"));
    let v = t.stdout(&["victory"]);
    assert!(v.contains("V    Most ports") && v.contains("met"), "{v}");
    assert!(v.contains(" ports held"), "what the measure counts: {v}");
    assert!(!v.contains("MostPorts"), "no internal name: {v}");
    assert!(v.contains("the campaign is not over"), "{v}");
    let rows: serde_json::Value =
        serde_json::from_str(&t.stdout(&["history", "--json"])).expect("json");
    let round1 = rows.as_array().expect("rows")[1]["seed_commitment"]
        .as_str()
        .expect("a commitment")
        .to_owned();
    assert!(
        t.stdout(&["undo", "--steps", "2"])
            .contains("1494 spring is open again")
    );
    let (world, old) = export_and_commitment(&before);
    let (again, new) = export_and_commitment(&t.stdout(&["export", "--json"]));
    assert_eq!(again, world);
    assert_ne!(new, old, "its dice drawn anew");
    // Round 1 was resolved, its seed revealed, then undone with the spring: opened
    // anew, it never takes that seed again.
    t.run(&["resolve"]).success();
    let rows: serde_json::Value =
        serde_json::from_str(&t.stdout(&["history", "--json"])).expect("json");
    let round = &rows.as_array().expect("rows")[1];
    assert_eq!(round["phase"], "1494-r01");
    assert_ne!(round["seed_commitment"].as_str(), Some(round1.as_str()));
    t.run(&["audit"]).success();
}

/// With the phase's dice drawn anew, a resolution after `undo` sends every club its new
/// report, which reveals the new seed, even where nothing else changed.
#[test]
fn a_re_resolution_with_dice_drawn_anew_sends_the_new_reports() {
    let t = TestCampaign::new();
    t.submit_all("1494-spring", &[]);
    t.stdout(&["resolve"]);
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    t.stdout(&["undo"]);
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    let (_, new) = export_and_commitment(&t.stdout(&["export", "--json"]));
    t.stdout(&["resolve"]);
    let rows: serde_json::Value =
        serde_json::from_str(&t.stdout(&["history", "--json"])).expect("json");
    let seed = rows[0]["revealed_seed"]
        .as_str()
        .expect("a seed")
        .to_owned();
    let digest = Sha256::digest(hex::decode(&seed).expect("hex"));
    assert_eq!(hex::encode(digest), new);
    let out = t.dir.join("again");
    t.stdout(&["mail", "send", "--to-dir", out.to_str().expect("utf-8")]);
    let mut reports = 0;
    for entry in std::fs::read_dir(&out).expect("again") {
        let bytes = std::fs::read(entry.expect("entry").path()).expect("eml");
        let m = mail_parser::MessageParser::default()
            .parse(&bytes)
            .expect("a message");
        let subject = m.subject().unwrap_or_default().to_owned();
        assert!(
            !subject.contains("your report stands") && !subject.contains("il vostro rapporto vale"),
            "no club is told its old report stands: {subject}"
        );
        let text = m.body_text(0).map(|b| b.into_owned()).unwrap_or_default();
        if text.contains(&seed) {
            reports += 1;
            // It says it replaces the withdrawn one (play-test 40's club had two
            // reports of one subject and went by the date).
            assert!(
                text.contains("Questo rapporto sostituisce quello ricevuto prima per questa fase"),
                "{text}"
            );
            let html = m.body_html(0).map(|b| b.into_owned()).unwrap_or_default();
            assert!(html.contains("id=\"replaces\""), "{html}");
        }
    }
    assert_eq!(
        reports,
        t.secrets.len(),
        "a new report to each club, with the seed"
    );
}

/// The clubs told of an undo learn that the phase's dice are drawn anew, and the new
/// seed's commitment, in their own language.
#[test]
fn the_correction_of_an_undo_gives_the_new_commitment() {
    let t = TestCampaign::new();
    t.submit_all("1494-spring", &[]);
    t.stdout(&["resolve"]);
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    t.stdout(&["undo", "--reason", "a file counted twice"]);
    // The journal keeps the reason with the act.
    let log = t.stdout(&["log"]);
    assert!(
        log.contains("[undo] undo the resolution of 1494 spring: it is open again; its dice are drawn anew; its reports had gone out: 8 corrections queued (reason: a file counted twice)"),
        "{log}"
    );
    let (_, new) = export_and_commitment(&t.stdout(&["export", "--json"]));
    let out = t.dir.join("sent");
    t.stdout(&["mail", "send", "--to-dir", out.to_str().expect("utf-8")]);
    let mut told = 0;
    for entry in std::fs::read_dir(&out).expect("sent") {
        let bytes = std::fs::read(entry.expect("entry").path()).expect("eml");
        let text = mail_parser::MessageParser::default()
            .parse(&bytes)
            .and_then(|m| m.body_text(0).map(|b| b.into_owned()))
            .expect("a text body");
        assert!(text.contains(&new), "{text}");
        assert!(
            text.contains("drawn anew") || text.contains("tirano da capo"),
            "{text}"
        );
        told += 1;
    }
    assert_eq!(told, t.secrets.len(), "every club that had the report");
}
