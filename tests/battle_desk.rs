//! Battles on the referee's desk, on the real binary: auto-resolved once with their own
//! game, ruled, results mailed by the clubs, applied at once as steps of the open phase
//! and taken back by undo, and what each club is told of it.

use crate::battles::{ruleset, two_a_side};
use crate::common::TestCampaign;

/// A campaign whose round 1 ends in a battle at F7 (Venice attacks Florence), pending in
/// round 2; a settled result is applied at once (the shipped ruling).
pub(crate) fn campaign_with_a_battle() -> TestCampaign {
    battle_in(TestCampaign::new())
}

/// The same, in a campaign written before the ruling `battle_results_at_once`: results
/// wait for the next resolution.
pub(crate) fn campaign_with_a_battle_applied_later() -> TestCampaign {
    let t = TestCampaign::new();
    let rules = t.dir.join("campaign/rules.toml");
    let text = std::fs::read_to_string(&rules).expect("rules.toml");
    assert!(text.contains("battle_results_at_once = true"), "{text}");
    std::fs::write(
        &rules,
        text.replacen(
            "battle_results_at_once = true",
            "battle_results_at_once = false",
            1,
        ),
    )
    .expect("write rules.toml");
    battle_in(t)
}

pub(crate) fn battle_in(t: TestCampaign) -> TestCampaign {
    t.run(&["resolve", "--force"]).success();
    t.submit_all("1494-r01", &[("V", "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n")]);
    t.run(&["resolve"]).success();
    t
}

pub(crate) fn send_result(
    t: &TestCampaign,
    nation: &str,
    winner: &str,
) -> assert_cmd::assert::Assert {
    let body = format!(
        "[[battle_result]]\nbattle = \"1494-r01-F7\"\nwinner = \"{winner}\"\nlosses = {{ V = 50, F = 120 }}\n"
    );
    let f = t.orders_file(&format!("result-{nation}.toml"), nation, "1494-r02", &body);
    t.run(&["battle", "result", "1494-r01-F7", &f])
}

/// The referee's messages queued for each club (nation → subject).
pub(crate) fn referee_notices(t: &TestCampaign) -> Vec<(String, String)> {
    giglio::storage::Store::open_read(&t.dir)
        .expect("open")
        .outbox(None)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == "referee" && m.nation.is_some())
        .map(|m| (m.nation.unwrap_or_default(), m.subject))
        .collect()
}

/// Point 1: one auto-resolve per battle, with the ruleset the battle was meant for; a
/// second one, or one with another ruleset, is refused and changes nothing.
#[test]
fn a_battle_is_auto_resolved_once_with_its_own_ruleset() {
    let t = campaign_with_a_battle_applied_later();
    let other = t
        .run(&["battle", "auto", "1494-r01-F7", "--ruleset", "leg1176"])
        .failure();
    assert!(
        crate::common::stderr_of(&other).contains("is meant for mon1628"),
        "{}",
        crate::common::stderr_of(&other)
    );
    let first = t.stdout(&["battle", "auto", "1494-r01-F7"]);
    assert!(
        first.contains("auto-resolved 1494-r01-F7 with mon1628"),
        "{first}"
    );
    let dump = || {
        giglio::storage::Store::open_read(&t.dir)
            .expect("open")
            .canonical_dump()
            .expect("dump")
    };
    let before = dump();
    for args in [
        &["battle", "auto", "1494-r01-F7"][..],
        &["battle", "auto", "1494-r01-F7", "--ruleset", "leg1176"][..],
    ] {
        let again = t.run(args).failure();
        assert!(
            crate::common::stderr_of(&again).contains("already auto-resolved")
                || crate::common::stderr_of(&again).contains("is meant for mon1628"),
            "{}",
            crate::common::stderr_of(&again)
        );
    }
    assert_eq!(
        before,
        dump(),
        "a refused auto-resolve changed the campaign"
    );
}

/// Point 1: the auto-resolver never replaces two clubs' agreeing results.
#[test]
fn auto_never_replaces_agreeing_club_results() {
    let t = campaign_with_a_battle_applied_later();
    send_result(&t, "V", "V").success();
    send_result(&t, "F", "V").success();
    let a = t.run(&["battle", "auto", "1494-r01-F7"]).failure();
    assert!(
        crate::common::stderr_of(&a).contains("agreeing results"),
        "{}",
        crate::common::stderr_of(&a)
    );
    assert!(t.stdout(&["battle", "list"]).contains("settled (table)"));
}

/// Point 1: an auto-resolved result is replaced only by a referee ruling with a reason,
/// and both clubs are told, each in its own language.
#[test]
fn a_ruling_replaces_an_auto_result_and_both_clubs_are_told() {
    let t = campaign_with_a_battle_applied_later();
    t.run(&["battle", "auto", "1494-r01-F7"]).success();
    assert!(referee_notices(&t).is_empty());
    t.run(&[
        "battle",
        "rule",
        "1494-r01-F7",
        "--winner",
        "F",
        "--loss",
        "V=60",
        "--loss",
        "F=20",
        "--reason",
        "the auto-resolver used the wrong map",
    ])
    .success();
    let list = t.stdout(&["battle", "list"]);
    assert!(list.contains("settled (referee): F wins"), "{list}");
    let notices = referee_notices(&t);
    let nations: Vec<&str> = notices.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(nations.len(), 2, "{notices:?}");
    assert!(
        nations.contains(&"V") && nations.contains(&"F"),
        "{notices:?}"
    );
    for (_, subject) in &notices {
        assert!(subject.contains("1494-r01-F7"), "{subject}");
    }
    let texts = referee_texts(&t);
    assert!(
        texts
            .iter()
            .any(|(_, r)| r.contains("auto-resolved") || r.contains("automaticamente")),
        "{texts:?}"
    );
}

/// The text of each referee's message queued for a club, with its nation.
pub(crate) fn referee_texts(t: &TestCampaign) -> Vec<(String, String)> {
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    store
        .outbox(None)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == "referee" && m.nation.is_some())
        .map(|m| {
            let bytes = store.message_bytes(m.id).expect("bytes").expect("held");
            let parsed = mail_parser::MessageParser::default()
                .parse(&bytes)
                .expect("a message");
            (
                m.nation.unwrap_or_default(),
                parsed.body_text(0).expect("a text").into_owned(),
            )
        })
        .collect()
}

/// A ruling that gives the result a club mailed confirms it (a play-test read "it
/// replaces the clubs' results" of one that gave its own), and names the winner.
#[test]
fn a_ruling_that_gives_a_clubs_result_says_it_confirms_it() {
    let t = campaign_with_a_battle_applied_later();
    send_result(&t, "V", "V").success();
    t.run(&[
        "battle",
        "rule",
        "1494-r01-F7",
        "--as-sent",
        "V",
        "--reason",
        "Florence's captain agrees by telephone",
    ])
    .success();
    let texts = referee_texts(&t);
    assert_eq!(texts.len(), 2, "{texts:?}");
    for (nation, text) in &texts {
        assert!(
            !text.contains("replaces the clubs") && !text.contains("Sostituisce i risultati"),
            "{nation}: {text}"
        );
        assert!(
            text.contains("It confirms the result a club mailed")
                || text.contains("Conferma il risultato mandato da un club"),
            "{nation}: {text}"
        );
        assert!(
            text.contains("vince la Repubblica di Venezia")
                || text.contains("the Republic of Venice wins"),
            "{nation}: {text}"
        );
    }
}

/// Issue 31, point 8: after an auto-resolve taken back by `undo`, one club's result does
/// not make "both clubs agree": the auto-resolved result stands, and the referee is told so.
#[test]
fn a_club_result_over_an_auto_result_says_what_stands() {
    // Results applied at the phase's end: the auto result stands while clubs still mail
    // (undoing its step would withdraw it, the referee's own act).
    let t = campaign_with_a_battle_applied_later();
    t.run(&["battle", "auto", "1494-r01-F7"]).success();
    let out = send_result(&t, "V", "V").success();
    let out = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    assert!(
        out.contains("the auto-resolved result stands") && !out.contains("both clubs agree"),
        "{out}"
    );
}

/// Issue 31, point 3: the game is the one of the card the clubs received. Switched to
/// Legnano, with a Monferrato reading changed, after the Monferrato card went out, the
/// battle is still shown and auto-resolved with Monferrato and the card's readings, another
/// game is refused, the clubs' update names the game, and `audit` recomputes it.
#[test]
fn the_game_is_frozen_when_the_card_goes_out() {
    let t = campaign_with_a_battle();
    let edit = |file: &str, from: &str, to: &str| {
        let path = t.dir.join("campaign").join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{file}: {from}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    };
    edit(
        "campaign.toml",
        "default_ruleset = \"mon1628\"",
        "default_ruleset = \"leg1176\"",
    );
    edit(
        "rulesets/mon1628.toml",
        "MON_max_rounds = \"20\"",
        "MON_max_rounds = \"1\"",
    );
    let card = t.stdout(&["battle", "card", "1494-r01-F7"]);
    assert!(
        card.contains(
            "Ruleset: Second War of Montferrat 1628–1630, field combat (published as La Seconda Guerra del Monferrato) (mon1628)"
        ),
        "{card}"
    );
    let other = t
        .run(&["battle", "auto", "1494-r01-F7", "--ruleset", "leg1176"])
        .failure();
    assert!(
        crate::common::stderr_of(&other).contains("is meant for mon1628"),
        "{}",
        crate::common::stderr_of(&other)
    );
    let out = t.stdout(&["battle", "auto", "1494-r01-F7"]);
    assert!(out.contains("with mon1628"), "{out}");
    let conn = rusqlite::Connection::open(t.dir.join(giglio::storage::DB_FILE)).expect("open");
    let detail: String = conn
        .query_row("SELECT detail FROM battle_result", [], |r| r.get(0))
        .expect("the auto result's detail");
    drop(conn);
    assert!(detail.contains("\"MON_max_rounds\":\"20\""), "{detail}");
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    let updates: Vec<String> = store
        .outbox(None)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == "update")
        .map(|m| {
            let bytes = store.message_bytes(m.id).expect("bytes").expect("held");
            String::from_utf8_lossy(&bytes)
                .replace("=\r\n", "")
                .replace("=\n", "")
        })
        .collect();
    assert_eq!(updates.len(), 2);
    assert!(
        updates.iter().all(|u| u.contains("Monferrato")),
        "{updates:?}"
    );
    drop(store);
    t.run(&["resolve", "--force"]).success();
    let audit = t.stdout(&["audit", "--phase", "1494-r02", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&audit).expect("json");
    assert_eq!(v[0]["steps_match"], true, "{audit}");
    assert_eq!(v[0]["next_world_matches"], true, "{audit}");
}

/// The texts of the messages queued of `kind`, each with its nation, after sending them
/// to a folder of their own.
pub(crate) fn sent_texts(t: &TestCampaign, folder: &str, kind: &str) -> Vec<(String, String)> {
    let rows: serde_json::Value =
        serde_json::from_str(&t.stdout(&["mail", "status", "--json"])).expect("json");
    let ids: Vec<(String, String)> = rows
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["status"] == "queued" && r["kind"] == kind)
        .map(|r| {
            (
                r["message_id"].as_str().expect("id").to_owned(),
                r["nation"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    let out = t.dir.join(folder);
    t.stdout(&["mail", "send", "--to-dir", out.to_str().expect("utf-8")]);
    let mut texts = Vec::new();
    for entry in std::fs::read_dir(&out).expect("sent") {
        let bytes = std::fs::read(entry.expect("entry").path()).expect("eml");
        let m = mail_parser::MessageParser::default()
            .parse(&bytes)
            .expect("a message");
        let id = m.message_id().unwrap_or_default().to_owned();
        if let Some((_, nation)) = ids.iter().find(|(i, _)| *i == id) {
            let text = m.body_text(0).map(|b| b.into_owned()).unwrap_or_default();
            texts.push((nation.clone(), text));
        }
    }
    texts.sort();
    texts
}

/// `battle auto --reason`: both sides' updates say the referee had the game resolve
/// the battle before its play-by date, with the referee's words, and the journal keeps
/// them (play-test 39: the clubs read only that the game had resolved it, days before
/// the date on their card). Without a reason the update still says whose act it was.
#[test]
fn the_referees_auto_resolve_is_told_as_the_referees_with_the_reason() {
    let t = campaign_with_a_battle();
    t.stdout(&["mail", "send", "--to-dir", "first"]);
    let out = t.stdout(&[
        "battle",
        "auto",
        "1494-r01-F7",
        "--reason",
        "Firenze cannot meet before the feast",
    ]);
    assert!(out.contains("auto-resolved 1494-r01-F7"), "{out}");
    let updates = sent_texts(&t, "updates", "update");
    let nations: Vec<&str> = updates.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(nations, ["F", "V"], "{updates:#?}");
    for (nation, text) in &updates {
        assert!(
            text.contains("Firenze cannot meet before the feast"),
            "{nation}: {text}"
        );
        assert!(
            text.contains("L'arbitro ha fatto risolvere questa battaglia dal gioco prima della data entro cui giocarla ("),
            "{nation}: {text}"
        );
    }
    let log = t.stdout(&["log"]);
    assert!(
        log.contains("battle auto 1494-r01-F7 (reason: Firenze cannot meet before the feast)"),
        "{log}"
    );

    // Without a reason, in a campaign whose results wait for the resolution.
    let t = campaign_with_a_battle_applied_later();
    t.stdout(&["mail", "send", "--to-dir", "first"]);
    t.stdout(&["battle", "auto", "1494-r01-F7"]);
    let later = sent_texts(&t, "later", "battle");
    assert_eq!(later.len(), 2, "{later:#?}");
    for (nation, text) in &later {
        assert!(
            text.contains("L'arbitro ha fatto risolvere"),
            "{nation}: {text}"
        );
        assert!(!text.contains("Il motivo dell'arbitro"), "{nation}: {text}");
    }
}

/// A phase whose resolution is undone draws its dice anew, but what it did while open
/// stays as it was: the battle auto-resolved then (its rolls were sent to both clubs)
/// and the step that applied it keep the seeds they drew from. Resolved again, the phase
/// reveals each seed under its own commitment and `audit` replays the battle from the
/// seed the undone resolution had revealed.
#[test]
fn a_step_kept_through_an_undo_keeps_its_seed() {
    let t = campaign_with_a_battle();
    t.stdout(&["battle", "auto", "1494-r01-F7"]);
    t.stdout(&["resolve", "--force"]);
    let revealed = |t: &TestCampaign| -> String {
        let rows: serde_json::Value =
            serde_json::from_str(&t.stdout(&["history", "--json"])).expect("json");
        rows.as_array()
            .expect("rows")
            .iter()
            .find(|r| r["phase"] == "1494-r02")
            .and_then(|r| r["revealed_seed"].as_str())
            .expect("r02's seed")
            .to_owned()
    };
    let withdrawn = revealed(&t);
    t.stdout(&["mail", "send", "--to-dir", "out"]);
    let undo = t.stdout(&["undo"]);
    assert!(undo.contains("its dice are drawn anew"), "{undo}");
    // Each correction says the battle keeps the seed the withdrawn report revealed (a
    // play-test's club read that seed "no longer counts").
    let out = t.dir.join("corrections");
    t.stdout(&["mail", "send", "--to-dir", out.to_str().expect("utf-8")]);
    let mut told = 0;
    for entry in std::fs::read_dir(&out).expect("corrections") {
        let bytes = std::fs::read(entry.expect("entry").path()).expect("eml");
        let text = mail_parser::MessageParser::default()
            .parse(&bytes)
            .and_then(|m| m.body_text(0).map(|b| b.into_owned()))
            .unwrap_or_default();
        told += usize::from(
            text.contains(
                "keeps its result, and its dice stay those of the seed the report revealed",
            ) || text.contains(
                "tiene il suo esito, e i suoi dadi restano quelli del seme rivelato dal rapporto",
            ),
        );
    }
    assert!(told > 0, "no correction says the battle keeps its seed");
    t.stdout(&["resolve", "--force"]);
    // The dice log says which seed the battle's dice come from: the withdrawn report's,
    // not the new one (a play-test's club checked them with the new seed).
    assert_ne!(revealed(&t), withdrawn);
    let dice = t.stdout(&["log", "--dice", "--phase", "1494-r02"]);
    assert!(
        dice.contains(&format!(
            "1494-r02 battle 1494-r01-F7: resolved before the phase was undone, its dice drawn from the seed the withdrawn report revealed, {withdrawn}"
        )),
        "{dice}"
    );
    let rows: serde_json::Value =
        serde_json::from_str(&t.stdout(&["log", "--dice", "--phase", "1494-r02", "--json"]))
            .expect("json");
    let rows = rows.as_array().expect("rows");
    assert!(
        rows.iter().any(|r| r["seed"] == withdrawn.as_str()),
        "{rows:#?}"
    );
    assert!(
        rows.iter()
            .filter(|r| r["source"] == "resolution")
            .all(|r| r.get("seed").is_none()),
        "the phase's own rolls take the seed its report reveals"
    );
    let audit = t.run(&["audit"]).success();
    let text = String::from_utf8_lossy(&audit.get_output().stdout).into_owned();
    assert!(text.contains("1494-r02"), "{text}");
    let rows: serde_json::Value =
        serde_json::from_str(&t.stdout(&["history", "--json"])).expect("json");
    let r02 = rows
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["phase"] == "1494-r02")
        .expect("1494-r02");
    assert_eq!(r02["steps"].as_array().map(Vec::len), Some(1), "{r02}");
}

/// Under the ruling `battle_results_at_once`, an auto-resolved result is applied at once
/// as a step of the open phase: the battle is no longer pending, a second auto-resolve
/// or a ruling is refused with the way back (`undo` takes the step back, and the battle
/// waits again), and both clubs are sent their new position.
#[test]
fn a_settled_result_is_applied_at_once_and_undo_takes_the_step_back() {
    let t = campaign_with_a_battle();
    let dump = || {
        giglio::storage::Store::open_read(&t.dir)
            .expect("open")
            .canonical_dump()
            .expect("dump")
    };
    let before = dump();
    let out = t.stdout(&["battle", "auto", "1494-r01-F7"]);
    assert!(
        out.contains("applied now, as a step of the open phase"),
        "{out}"
    );
    let list = t.stdout(&["battle", "list"]);
    assert!(
        list.contains("applied in step 1 of the open phase"),
        "{list}"
    );
    let again = t.run(&["battle", "auto", "1494-r01-F7"]).failure();
    assert!(
        crate::common::stderr_of(&again).contains("already applied (step 1 of 1494-r02"),
        "{}",
        crate::common::stderr_of(&again)
    );
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    let updates: Vec<String> = store
        .outbox(None)
        .expect("outbox")
        .into_iter()
        .filter(|m| m.kind == "update")
        .map(|m| m.nation.unwrap_or_default())
        .collect();
    assert_eq!(
        updates,
        ["V", "F"],
        "an update to each side, the attacker first"
    );
    let current = store.current().expect("current");
    assert_eq!(current.steps, 1);
    assert!(current.world.battles.is_empty(), "the battle is applied");
    assert!(
        !current.opening.battles.is_empty(),
        "the phase opened with it"
    );
    drop(store);
    // Undo takes the step back: the campaign is as before the auto-resolve, but for
    // the result, which stays recorded as withdrawn, and the journal.
    let undo = t.stdout(&["undo"]);
    assert!(undo.contains("before its step 1"), "{undo}");
    // The auto-resolve is the referee's own act: it goes with its step, and every
    // account of the battle says it waits (play-test 21: `battle list` kept showing an
    // undone ruling as settled while the clubs were told the battle waits).
    assert!(
        undo.contains("the result of battle 1494-r01-F7 that the step applied (your ruling or its auto-resolve) is withdrawn"),
        "{undo}"
    );
    let list = t.stdout(&["battle", "list"]);
    assert!(
        list.contains("waiting for the result of") && !list.contains("settled"),
        "{list}"
    );
    let status = t.stdout(&["status"]);
    assert!(
        status.contains(
            "1494-r01-F7 at F7 (V against F), since 1494-r01: the next phase waits for its result"
        ),
        "{status}"
    );
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    let current = store.current().expect("current");
    assert_eq!(current.steps, 0);
    assert_eq!(current.world, current.opening);
    assert!(
        store
            .outbox(None)
            .expect("outbox")
            .iter()
            .all(|m| m.kind != "update"),
        "the updates not sent are withdrawn"
    );
    drop(store);
    let after_undo = dump();
    let strip = |d: &str| {
        d.lines()
            .filter(|l| !l.starts_with("battle-result ") && !l.starts_with("die "))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(strip(&before), strip(&after_undo));
    // The battle waits again, its auto result withdrawn; a ruling now settles it and is
    // applied at once.
    t.run(&[
        "battle",
        "rule",
        "1494-r01-F7",
        "--winner",
        "F",
        "--loss",
        "V=60",
        "--loss",
        "F=20",
        "--reason",
        "the auto-resolver used the wrong map",
    ])
    .success();
    let list = t.stdout(&["battle", "list"]);
    assert!(list.contains("settled (referee): F wins"), "{list}");
    // The phase resolves from the world the step left, and audit recomputes the step.
    t.run(&["resolve", "--force"]).success();
    let audit = t.stdout(&["audit", "--phase", "1494-r02", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&audit).expect("json");
    assert_eq!(v[0]["steps_match"], true, "{audit}");
    assert_eq!(v[0]["next_world_matches"], true, "{audit}");
    // A step changed afterwards is caught.
    let db = t.dir.join(giglio::storage::DB_FILE);
    let conn = rusqlite::Connection::open(db).expect("open");
    conn.execute(
        "UPDATE phase_step SET input = replace(input, '\"attacker_loss\":60', '\"attacker_loss\":61')",
        [],
    )
    .expect("tamper");
    drop(conn);
    let a = t.run(&["audit", "--phase", "1494-r02"]).failure();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.contains("step 1: the world, events or dice differ"),
        "{out}"
    );
}

/// Issue 31 point 8: the dice JSON's `seq` runs through the whole phase (the
/// phase's own rolls, then each battle's), never restarting with a battle; where each
/// roll came from, and its number there, stand beside it.
/// Undoing the step that applied the clubs' agreeing results keeps their results (mail
/// once read stays read): every account says the result is settled and applies when
/// the phase is resolved, and the clubs' correction says so instead of "the battle waits".
#[test]
fn undoing_the_clubs_results_step_keeps_them_and_says_when_they_apply() {
    let t = campaign_with_a_battle();
    send_result(&t, "V", "V").success();
    send_result(&t, "F", "V").success();
    let out = t.tmp.path().join("out");
    t.run(&["mail", "send", "--to-dir", out.to_str().expect("UTF-8")])
        .success();
    let undo = t.stdout(&["undo"]);
    assert!(
        undo.contains("the clubs' results for battle 1494-r01-F7 stay recorded"),
        "{undo}"
    );
    let list = t.stdout(&["battle", "list"]);
    assert!(
        list.contains("settled (table)")
            && list.contains("not applied yet: it applies when the phase is resolved"),
        "{list}"
    );
    let status = t.stdout(&["status"]);
    assert!(
        status.contains("its result is settled and applies when the phase is resolved"),
        "a settled battle waits for nothing: {status}"
    );
    let out = t.tmp.path().join("out2");
    t.run(&["mail", "send", "--to-dir", out.to_str().expect("UTF-8")])
        .success();
    let corrections: Vec<String> = std::fs::read_dir(&out)
        .expect("the out folder")
        .map(|e| {
            let raw = std::fs::read(e.expect("entry").path()).expect("an .eml");
            let m = mail_parser::MessageParser::default()
                .parse(&raw)
                .expect("MIME");
            m.body_text(0).unwrap_or_default().into_owned()
        })
        .collect();
    assert_eq!(corrections.len(), 2, "{corrections:?}");
    for c in &corrections {
        assert!(
            (c.contains("stay recorded") || c.contains("restano registrati"))
                && !c.contains("waits for its result again")
                && !c.contains("attende di nuovo"),
            "{c}"
        );
    }
    // The phase's resolution applies them, and audit agrees.
    t.run(&["resolve", "--force"]).success();
    let audit = t.stdout(&["audit", "--phase", "1494-r02", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&audit).expect("json");
    assert_eq!(v[0]["next_world_matches"], true, "{audit}");
}

/// Issue 29 (a playtest): Venice besieges Florence's fortress Castrocaro after winning
/// there, and Florence's relief army attacks it. The card said only "fortress, hills",
/// leaving Venice to guess why a place its report calls fortified has no walls in the
/// battle: it now says whose walls they are and that they shelter neither side, and
/// the notes on protection say the same rather than "the place is not fortified".
#[test]
fn a_relief_battle_at_a_besieged_fortress_says_whose_walls_they_are() {
    let t = campaign_with_a_battle();
    send_result(&t, "V", "V").success();
    send_result(&t, "F", "V").success();
    t.submit_all(
        "1494-r02",
        &[
            ("V", "[[siege]]\narmy = \"V-A2\"\n"),
            (
                "F",
                "[[stance]]\npiece = \"F-A1\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"F-A1\"\npath = \"F0 -> F7\"\n",
            ),
        ],
    );
    t.run(&["resolve"]).success();
    let en = t.stdout(&[
        "battle",
        "card",
        "1494-r02-F7",
        "--club",
        "V",
        "--lang",
        "en",
    ]);
    assert!(
        en.contains(
            "fortified, but owned by the attacker, Republic of Florence (F): its walls shelter neither side"
        ),
        "{en}"
    );
    assert!(
        en.contains(
            "the place's walls belong to the Republic of Florence (F), not to the defender"
        ),
        "{en}"
    );
    assert!(!en.contains("the place is not fortified"), "{en}");
    let it = t.stdout(&[
        "battle",
        "card",
        "1494-r02-F7",
        "--club",
        "F",
        "--lang",
        "it",
    ]);
    assert!(
        it.contains(
            "con mura, ma appartiene all'attaccante, Repubblica di Firenze (F): le mura non riparano"
        ),
        "{it}"
    );
    // Each unit's kind and ratings in the reader's words, not the ruleset's keys; the
    // kind is tagged where the unit's name does not say it ("Fanteria" needs none).
    assert!(
        it.contains("Corazze [cavalleria]")
            && !it.contains("Fanteria [fanteria]")
            && it.contains("fuoco 3 in attacco, fuoco 4 in difesa, due passi"),
        "{it}"
    );
    assert!(
        en.contains("Cuirassiers [cavalry]")
            && !en.contains("Infantry [infantry]")
            && en.contains("fire 3 attacking, fire 4 defending, two steps"),
        "{en}"
    );
    // MON names its templates in Italian; an English card names them in English
    // (`[en.templates]`), an Italian one as the rulebook does.
    assert!(en.contains("Infantry") && !en.contains("Fanteria"), "{en}");
    assert!(it.contains("Fanteria"), "{it}");
    for raw in ["fire_att=", "two_step=", "leadership=", "[inf]"] {
        assert!(
            !it.contains(raw) && !en.contains(raw),
            "{raw} in\n{it}\n{en}"
        );
    }
    // The siege waits for the battle (siege_waits_for_battle), and Venice's report lists
    // it under a heading of its own, not under its garrisons.
    let report = t.stdout(&["report", "--club", "V"]);
    assert!(
        report.contains("== Assedi\n  Piazze assediate dalle vostre armate: Castrocaro (F7)"),
        "{report}"
    );
    assert!(report.contains("non si tira in questo turno"), "{report}");
}

/// Issue 29 point 7: a club's mailed result set aside by an auto-resolve is told with
/// the resolver's reason in the club's own words: Venice (Italian) reads the account in
/// Italian, with no English word of the stored reason; Florence (English) reads it in
/// English. The stored reason stays English, and the account is kept beside it.
#[test]
fn a_result_set_aside_by_an_auto_resolve_is_told_in_the_clubs_language() {
    let t = TestCampaign::new();
    t.run(&["club", "edit", "F", "--lang", "en"]).success();
    let t = battle_in(t);
    send_result(&t, "V", "V").success();
    send_result(&t, "F", "F").success();
    t.run(&["battle", "auto", "1494-r01-F7"]).success();
    let conn = rusqlite::Connection::open(t.dir.join(giglio::storage::DB_FILE)).expect("open");
    let detail: String = conn
        .query_row(
            "SELECT detail FROM battle_result WHERE detail IS NOT NULL",
            [],
            |r| r.get(0),
        )
        .expect("the auto result's detail");
    drop(conn);
    let detail: serde_json::Value = serde_json::from_str(&detail).expect("json");
    let reason = detail["result"]["reason"].as_str().expect("a reason");
    assert!(reason.starts_with("MON"), "{reason}");
    assert!(
        detail["result"]["account"]["id"].is_string(),
        "the account is kept beside the reason: {detail}"
    );
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    let update_of = |nation: &str| -> String {
        let m = store
            .outbox(None)
            .expect("outbox")
            .into_iter()
            .find(|m| m.kind == "update" && m.nation.as_deref() == Some(nation))
            .unwrap_or_else(|| panic!("an update to {nation}"));
        let raw = store.message_bytes(m.id).expect("bytes").expect("kept");
        let msg = mail_parser::MessageParser::default()
            .parse(&raw)
            .expect("the mail parses");
        msg.body_text(0).expect("a text body").into_owned()
    };
    let v = update_of("V");
    let said = v
        .split("Come l'ha decisa il gioco: ")
        .nth(1)
        .unwrap_or_else(|| panic!("the reason is given: {v}"));
    let said = said
        .split("\n\n")
        .next()
        .unwrap_or_default()
        .replace('\n', " ");
    assert!(
        said.starts_with("MON §7."),
        "the game's rule is named: {said}"
    );
    let english = [
        "hits",
        "suffered",
        "attacker",
        "defender",
        "retreat",
        "eliminated",
        "holds",
        "side",
        "the ",
        "loss",
        "tie",
    ];
    for w in english {
        assert!(!said.contains(w), "`{w}` in the Italian reason: {said}");
    }
    assert!(!v.contains(reason), "{v}");
    assert!(said.contains("colpi subiti"), "{said}");
    assert!(
        v.contains(
            "(il gioco della sua scheda: «La Seconda Guerra del Monferrato 1628–1630 (Combattimento Campale)»)"
        ),
        "the game in Italian: {v}"
    );
    assert!(!v.contains("field combat"), "{v}");
    let f = update_of("F");
    assert!(
        f.contains(
            "(the game of its card: “Second War of Montferrat 1628–1630, field combat (published as La Seconda Guerra del Monferrato)”)"
        ),
        "{f}"
    );
    assert!(
        f.replace('\n', " ").contains(&format!(
            "How the game decided it: {}",
            // The account says which side is the attacker where the reason says "A".
            reason
                .replacen("MON", "MON §", 1)
                .replace("suffered A ", "suffered: A, the attacker, ")
                .replace(" B ", "; B, the defender, ")
        )),
        "the English account cites the game's section as the card does: {f}"
    );
}

/// Issue 29 (a helper's gap): with results waiting for the next resolution, an
/// auto-resolve the referee runs tells both sides its result at once, and the club
/// whose mailed result it sets aside which one and why, as a ruling does; nothing is
/// applied before the resolution.
#[test]
fn an_auto_resolve_waiting_for_the_resolution_tells_both_sides_and_what_it_set_aside() {
    let t = campaign_with_a_battle_applied_later();
    send_result(&t, "V", "V").success();
    t.run(&["battle", "auto", "1494-r01-F7"]).success();
    let store = giglio::storage::Store::open_read(&t.dir).expect("open");
    let told = |nation: &str| -> String {
        let m = store
            .outbox(None)
            .expect("outbox")
            .into_iter()
            .find(|m| m.kind == "battle" && m.nation.as_deref() == Some(nation))
            .unwrap_or_else(|| panic!("a notice to {nation}"));
        let raw = store.message_bytes(m.id).expect("bytes").expect("kept");
        let msg = mail_parser::MessageParser::default()
            .parse(&raw)
            .expect("parses");
        msg.body_text(0).expect("text").into_owned()
    };
    let (v, f) = (told("V"), told("F"));
    for text in [&v, &f] {
        assert!(
            text.contains("risolta automaticamente con il suo gioco")
                && text.contains("l'esito vale quando si risolve"),
            "{text}"
        );
    }
    assert!(v.contains("messo da parte"), "{v}");
    assert!(!f.contains("messo da parte"), "{f}");
    // Nothing applied yet: the battle still waits for the resolution.
    let list = t.stdout(&["battle", "list"]);
    assert!(list.contains("1494-r01-F7"), "{list}");
}

/// Issue 29 (playtest): "con un geniere" beside a MON army with Guastatori read as one of
/// its units. The card says the campaign's sapper is the campaign's (G2b.5), helps in
/// sieges and not in this battle, and is not a unit of the game, in each language; the
/// English card calls MON's guastatori pioneers, never sappers.
#[test]
fn the_cards_campaign_sapper_is_not_a_unit_of_the_game() {
    let mut card = two_a_side();
    card.sides[0].sapper = true;
    card.sides[0].units[0].kind = "guast".into();
    let rs = ruleset("mon1628");
    let env =
        giglio::report::environment(None, giglio::words::Words::load(None).expect("catalogue"))
            .expect("templates");
    let card_in = |lang| {
        let view = giglio::report::card::CardFor::new(&card, lang, None, None);
        giglio::report::card::text(&env, &card, &rs, &view, false).expect("card")
    };
    let it = card_in(giglio::words::Lang::It);
    assert!(
        it.contains("con un geniere della campagna (G2b.5: aiuta negli assedi, non in battaglia; non è un'unità di guastatori)"),
        "{it}"
    );
    let en = card_in(giglio::words::Lang::En);
    assert!(
        en.contains("with a campaign sapper (G2b.5: it helps in sieges, not in battle; it is not a unit of the game)"),
        "{en}"
    );
    assert!(en.contains("[pioneers (guastatori)]"), "{en}");
    assert!(!en.contains("[sappers]"), "{en}");
}

/// Issue 29 (a play-test): two armies of two clubs attack one Florentine army at
/// Castrocaro (F7) in one round, making two battles there. Each card names its
/// campaign armies and the other battle, and says what the first result does to the
/// second; when Venice's result sends Florence's army away, Milan's battle lapses:
/// nothing lost, nothing left pending, and both of its clubs are told.
#[test]
fn two_battles_at_one_place_name_each_other_and_the_second_lapses() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.two_attacks_on_castrocaro();
    let list = t.stdout(&["battle", "list"]);
    let ids: Vec<String> = list
        .split_whitespace()
        .filter(|w| w.starts_with("1494-r01-F7"))
        .map(|w| w.trim_end_matches([':', ',']).to_owned())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(ids.len(), 2, "two battles at F7: {list}");
    let card = |id: &str, club: &str, lang: &str| {
        t.stdout(&["battle", "card", id, "--club", club, "--lang", lang])
    };
    let (first, second) = (&ids[0], &ids[1]);
    // Which id is Venice's, the referee's card says (it names every army).
    let referee = t.stdout(&["battle", "card", first]);
    assert!(referee.contains("F-A2"), "{referee}");
    let venice = if referee.contains("V-A2") {
        first
    } else {
        second
    };
    let milan = if venice == first { second } else { first };
    // Florence, a side of both, reads on each card the other, its sides by name, and
    // what a first result does to it.
    let f = card(venice, "F", "it");
    assert!(
        f.contains(&format!(
            "Alla stessa piazza è in attesa anche la battaglia {milan}, Ducato di Milano (M) contro Repubblica di Firenze (F): ogni battaglia si gioca da sola"
        )) && f.contains("Si possono giocare in qualsiasi ordine")
            && f.contains("questa decade: nessuno perde nulla"),
        "{f}"
    );
    assert!(
        f.contains("L'armata della campagna in questa parte: F-A2."),
        "{f}"
    );
    // A club's card names its own armies only: Venice's and Milan's are markers to it.
    assert!(!f.contains("V-A2") && !f.contains("M-A3"), "{f}");
    // Milan is no side of Venice's battle, a fact told to its sides alone (G7.3): its
    // card does not mention it.
    let m = card(milan, "M", "en");
    assert!(!m.contains(&format!("Battle {venice},")), "{m}");
    assert!(!m.contains("also pending"), "{m}");
    let f_en = card(milan, "F", "en");
    assert!(
        f_en.contains(&format!(
            "Battle {venice}, Republic of Venice (V) against Republic of Florence (F) is also pending at the same place"
        )),
        "{f_en}"
    );
    let body = format!(
        "[[battle_result]]\nbattle = \"{venice}\"\nwinner = \"V\"\nlosses = {{ V = 10, F = 30 }}\n"
    );
    for club in ["V", "F"] {
        let file = t.orders_file(&format!("result-{club}.toml"), club, "1494-r02", &body);
        t.run(&["battle", "result", venice, &file]).success();
    }
    let list = t.stdout(&["battle", "list"]);
    assert!(
        !list.contains(milan.as_str()),
        "Milan's battle lapsed: {list}"
    );
    // What each club is sent, by the nation in the file's name (`PHASE.KIND.NATION.…`).
    let out = t.tmp.path().join("out");
    t.run(&["mail", "send", "--to-dir", out.to_str().expect("UTF-8")])
        .success();
    let told: Vec<(String, String)> = std::fs::read_dir(&out)
        .expect("the out folder")
        .map(|e| {
            let path = e.expect("entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let raw = std::fs::read(&path).expect("an .eml");
            let m = mail_parser::MessageParser::default()
                .parse(&raw)
                .expect("MIME");
            let nation = name.split('.').nth(2).unwrap_or_default().to_owned();
            (nation, m.body_text(0).unwrap_or_default().into_owned())
        })
        .filter(|(_, text)| text.contains(milan.as_str()))
        .collect();
    for club in ["M", "F"] {
        assert!(
            told.iter().any(|(n, text)| n == club
                && (text.contains("is not fought") || text.contains("non si combatte"))),
            "{club} is told the battle lapsed: {told:?}"
        );
    }
    // Milan fought no battle whose result came: its notice says whose it was and that
    // nothing else changes, and tells nothing of Florence's or Venice's armies.
    let (_, milan_told) = told
        .iter()
        .find(|(n, text)| n == "M" && !text.contains("== "))
        .expect("Milan's notice");
    assert!(
        (milan_told.contains("nulla cambia") || milan_told.contains("Nothing else changes"))
            && (milan_told.contains("foglio d'ordini aggiornato")
                || milan_told.contains("order file brought up to date"))
            && !milan_told.contains("V-A2")
            && !milan_told.contains("F-A2"),
        "{milan_told}"
    );
    // Florence sends no orders for the round; its report does not say its forces stood
    // where they were: its army fell back in the round (a play-test found it did).
    t.run(&["resolve", "--force"]).success();
    let out = t.tmp.path().join("out2");
    t.run(&["mail", "send", "--to-dir", out.to_str().expect("UTF-8")])
        .success();
    let report = std::fs::read_dir(&out)
        .expect("the out folder")
        .map(|e| e.expect("entry").path())
        .find(|p| p.to_string_lossy().contains(".report.F."))
        .map(|p| {
            let raw = std::fs::read(p).expect("an .eml");
            let m = mail_parser::MessageParser::default()
                .parse(&raw)
                .expect("MIME");
            m.body_text(0).unwrap_or_default().into_owned()
        })
        .expect("Florence's report");
    assert!(
        !report.contains("rimaste dove stavano")
            && report.contains("hanno fatto secondo le sole regole"),
        "{report}"
    );
}

/// A play-test: a report's orders began at #2, its #1 (the file's battle result) left
/// unexplained. The numbers of the file with no outcome in the phase are listed, with
/// what they may be and where their fate was told.
#[test]
fn a_report_names_the_numbers_of_the_file_it_has_no_outcome_for() {
    let t = campaign_with_a_battle();
    let body = "[[battle_result]]\nbattle = \"1494-r01-F7\"\nwinner = \"V\"\nlosses = { V = 50, F = 120 }\n\n[[stance]]\npiece = \"V-A1\"\non_contact = \"stop\"\n";
    let v = t.orders_file("v.toml", "V", "1494-r02", body);
    t.run(&["orders", "submit", &v]).success();
    send_result(&t, "F", "V").success();
    t.run(&["battle", "result", "1494-r01-F7", &v]).success();
    t.run(&["resolve", "--force"]).success();
    let report = t.stdout(&["report", "--club", "V"]);
    assert!(
        report.contains("#2 scelte d'incontro")
            && report.contains(
                "Voci del vostro file che questo rapporto non elenca, perché non sono ordini del turno (un risultato di battaglia,"
            )
            && report.contains("la ricevuta ne ha già detto l'esito: #1\n"),
        "{report}"
    );
}
