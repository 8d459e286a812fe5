//! The JSON contract (issue 19.4): every command that shows data takes `--json`, and
//! what it prints validates against the JSON Schema the binary itself prints
//! (`giglio schema`). The command tree is walked, so a new command must either name its
//! schema or say why it shows no data.

use crate::common::{TestCampaign, giglio};
use giglio::cli::json::{NO_DATA, OUTPUTS};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Every leaf command of the clap tree, as its words after `giglio`, and whether it takes
/// `--json`.
fn leaves(cmd: &clap::Command, prefix: &str, out: &mut BTreeMap<String, bool>) {
    for sub in cmd.get_subcommands() {
        let name = sub.get_name();
        if name == "help" {
            continue;
        }
        let path = if prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{prefix} {name}")
        };
        if sub.has_subcommands() {
            leaves(sub, &path, out);
        } else {
            let json = sub.get_arguments().any(|a| a.get_long() == Some("json"));
            out.insert(path, json);
        }
    }
}

#[test]
fn every_command_has_a_schema_or_says_why_it_shows_no_data() {
    let mut tree = BTreeMap::new();
    leaves(&giglio::cli::command(), "", &mut tree);
    let with_schema: BTreeSet<&str> = OUTPUTS.iter().map(|o| o.command).collect();
    let without: BTreeSet<&str> = NO_DATA.iter().map(|(c, _)| *c).collect();
    assert_eq!(with_schema.len(), OUTPUTS.len(), "a command listed twice");
    assert_eq!(without.len(), NO_DATA.len(), "a command listed twice");
    for (path, takes_json) in &tree {
        let p = path.as_str();
        match (with_schema.contains(p), without.contains(p)) {
            (true, false) => assert!(*takes_json, "`giglio {p}` has a schema but no --json"),
            (false, true) => {}
            (true, true) => panic!("`giglio {p}` both has a schema and is said to show no data"),
            (false, false) => panic!(
                "`giglio {p}` is new: give it --json and a schema in src/cli/json (OUTPUTS), \
                 or list it in NO_DATA with the reason it shows no data"
            ),
        }
    }
    for p in with_schema.iter().chain(&without) {
        assert!(
            tree.contains_key(*p),
            "`giglio {p}` is listed but is no command"
        );
    }
    for (c, why) in NO_DATA {
        assert!(
            !why.trim().is_empty(),
            "`giglio {c}`: say why it shows no data"
        );
    }
}

/// The schemas as the binary prints them: all at once, and each by its command.
fn schemas() -> BTreeMap<String, Value> {
    let tmp = tempfile::tempdir().expect("tmp");
    let run = |args: &[&str]| -> Value {
        let a = giglio(tmp.path()).args(args).assert().success();
        serde_json::from_slice(&a.get_output().stdout).expect("a schema is JSON")
    };
    let all: BTreeMap<String, Value> =
        serde_json::from_value(run(&["schema", "--json"])).expect("an object by command");
    let listed: BTreeSet<&str> = OUTPUTS.iter().map(|o| o.command).collect();
    assert_eq!(
        all.keys().map(String::as_str).collect::<BTreeSet<_>>(),
        listed
    );
    for (command, schema) in &all {
        let mut args = vec!["schema"];
        args.extend(command.split(' '));
        assert_eq!(&run(&args), schema, "`giglio schema {command}`");
        assert_eq!(
            schema["$schema"], "https://json-schema.org/draft/2020-12/schema",
            "{command}"
        );
        assert!(schema["title"].is_string(), "{command}: a named schema");
    }
    all
}

/// Validates one output of `command` against its schema; returns the document.
pub(crate) fn check(
    validators: &BTreeMap<String, jsonschema::Validator>,
    command: &str,
    stdout: &[u8],
) -> Value {
    let text = std::str::from_utf8(stdout).expect("UTF-8");
    // JSON never carries colour, even where colour is forced.
    assert!(
        !text.contains('\u{1b}'),
        "{command}: an escape code in JSON"
    );
    let doc: Value = serde_json::from_str(text)
        .unwrap_or_else(|e| panic!("`giglio {command} --json` is not JSON ({e}):\n{text}"));
    let v = validators
        .get(command)
        .unwrap_or_else(|| panic!("no schema for {command}"));
    let errors: Vec<String> = v
        .iter_errors(&doc)
        .map(|e| format!("at {}: {e}", e.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "`giglio {command} --json` drifted from its schema:\n{}",
        errors.join("\n")
    );
    doc
}

/// A validator for every command's schema, as the binary prints it.
pub(crate) fn validators() -> BTreeMap<String, jsonschema::Validator> {
    schemas()
        .iter()
        .map(|(c, s)| {
            let v = jsonschema::draft202012::new(s)
                .unwrap_or_else(|e| panic!("the schema of {c} does not compile: {e}"));
            (c.clone(), v)
        })
        .collect()
}

/// Runs `giglio -C <campaign> ARGS --json` (colour forced, to see it never reaches
/// JSON), expecting success or failure; validates what it printed as `command`'s.
fn run_json(
    t: &TestCampaign,
    validators: &BTreeMap<String, jsonschema::Validator>,
    command: &str,
    args: &[&str],
    ok: bool,
) -> Value {
    let mut cmd = giglio(t.tmp.path());
    cmd.arg("-C")
        .arg(&t.dir)
        .args(args)
        .arg("--json")
        .env("CLICOLOR_FORCE", "1");
    let a = cmd.assert();
    let a = if ok { a.success() } else { a.failure() };
    check(validators, command, &a.get_output().stdout)
}

/// Commands whose `--json` is validated (with [`check`]) by another test, and why.
const ELSEWHERE: &[(&str, &str)] = &[(
    "reveal",
    "tests/reveal.rs: it needs a campaign played to its end",
)];

/// Runs every data command with `--json` on a real campaign (a spring, a round with a
/// battle auto-resolved, mail read and sent, reports, a backup, an undo) and validates
/// every document; a command of the list left unrun fails the test.
#[test]
fn every_command_s_json_validates_against_its_schema() {
    let validators = validators();
    let t = TestCampaign::new();
    let mut ran: BTreeSet<String> = BTreeSet::new();
    // `new --json` in a directory of its own (the campaign above was made by text).
    let made = giglio(t.tmp.path())
        .args(["new", "other", "--seed", "7", "--no-welcome", "--json"])
        .assert()
        .success();
    let made = check(&validators, "new", &made.get_output().stdout);
    ran.insert("new".to_owned());
    let secret = made["secrets"]["V"].as_str().expect("V's secret");
    assert_eq!(secret.len(), t.secrets["V"].len(), "{made}");

    let mut json = |command: &str, args: &[&str], ok: bool| -> Value {
        ran.insert(command.to_owned());
        run_json(&t, &validators, command, args, ok)
    };
    let path = |name: &str| t.tmp.path().join(name).to_string_lossy().into_owned();

    json("rules", &["rules"], true);
    let rule = json("rules", &["rules", "G3b.3"], true);
    assert!(rule["text"].is_string(), "{rule}");
    json(
        "simulate",
        &["simulate", "--runs", "2", "--years", "1"],
        true,
    );
    json("status", &["status"], true);
    json("map show", &["map", "show"], true);
    let clubs = json("club list", &["club", "list"], true);
    json("deadline", &["deadline"], true);
    json("deadline", &["deadline", "--set", "2026-09-10 21:00"], true);
    json("remind", &["remind"], true);
    json("run", &["run", "--once"], true);
    json("resume", &["resume"], true);

    // The spring: a file checked, submitted, listed; `receipt` is the same SHA-256
    // (hex) everywhere.
    let f = t.orders_file(
        "v.toml",
        "V",
        "1494-spring",
        "[[raise]]\nnode = \"V0\"\nvalue = 100\n",
    );
    let sha = giglio::submission::sha256_hex(&std::fs::read(path(&f)).expect("read"));
    let checked = json("orders check", &["orders", "check", &f], true);
    let bad = t.orders_file(
        "bad.toml",
        "V",
        "1494-spring",
        "[[raise]]\nnode = \"V9\"\nvalue = 100\n",
    );
    let refused = json("orders check", &["orders", "check", &bad], false);
    assert_eq!(refused["valid"], false, "{refused}");
    let receipt = json("orders submit", &["orders", "submit", &f], true);
    let listed = json("orders list", &["orders", "list"], true);
    assert_eq!(checked["receipt"], sha.as_str());
    assert_eq!(receipt["receipt"], sha.as_str());
    assert_eq!(listed[0]["receipt"], sha.as_str());
    assert_eq!(receipt["id"], listed[0]["id"]);
    assert_eq!(receipt["nation"], "V");
    json("resolve", &["resolve", "--dry-run"], true);
    json("resolve", &["resolve", "--force"], true);

    // Round 1: Venice attacks Florence at F7; the battle waits in round 2.
    t.submit_all(
        "1494-r01",
        &[(
            "V",
            "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n",
        )],
    );
    json("resolve", &["resolve"], true);
    let battles = json("battle list", &["battle", "list"], true);
    assert_eq!(battles[0]["id"], "1494-r01-F7", "{battles}");
    json(
        "battle odds",
        &["battle", "odds", "1494-r01-F7", "--runs", "50"],
        true,
    );
    let auto = json("battle auto", &["battle", "auto", "1494-r01-F7"], true);
    assert_eq!(auto["battle"], "1494-r01-F7");
    json("battle list", &["battle", "list"], true);

    // Orders by mail: V's file in the text of a message from its address.
    let from = clubs
        .as_array()
        .and_then(|c| c.iter().find(|c| c["nation"] == "V"))
        .and_then(|c| c["emails"][0].as_str())
        .expect("V has an address")
        .to_owned();
    let phase = json("status", &["status"], true)["phase"]
        .as_str()
        .expect("a phase")
        .to_owned();
    let body = format!(
        "club = \"V\"\nphase = \"{phase}\"\nsecret = \"{}\"\n[[letter]]\nto = [\"M\"]\ntext = \"Salve\"\n",
        t.secrets["V"]
    );
    let eml = format!(
        "From: {from}\r\nTo: referee@example.org\r\nSubject: ordini\r\nMessage-ID: <contract@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
        body.replace('\n', "\r\n")
    );
    std::fs::write(path("v.eml"), eml).expect("write the message");
    let read = json("inbox", &["inbox", "--eml", &path("v.eml")], true);
    assert_eq!(read[0]["verdict"], "accepted", "{read}");
    assert_eq!(
        read[0]["receipt"],
        giglio::submission::sha256_hex(body.trim().as_bytes()).as_str(),
        "{read}"
    );

    json("late", &["late"], true);
    json("ledger", &["ledger"], true);
    let letters = json("letters", &["letters"], true);
    assert_eq!(
        letters[0]["recipients"],
        serde_json::json!(["M"]),
        "{letters}"
    );
    json("letters", &["letters", "--club", "F"], true);
    json("log", &["log"], true);
    json("log", &["log", "--dice"], true);
    json("history", &["history"], true);
    json("audit", &["audit"], true);
    json("victory", &["victory"], true);
    let referee = json("report", &["report"], true);
    assert_eq!(referee["kind"], "referee", "{referee}");
    json(
        "report",
        &["report", "--club", "V", "--format", "html"],
        true,
    );
    json("report", &["report", "--bulletin", "--lang", "en"], true);
    let written = json("report", &["report", "--out", &path("reports")], true);
    let site = json("site", &["site", "--out", &path("site")], true);
    assert!(
        site["files"]
            .as_array()
            .is_some_and(|f| f.iter().any(|p| p == "it/index.html")),
        "the site's files: {site}"
    );
    for name in written["written"].as_array().expect("files") {
        let name = name.as_str().expect("a name");
        assert!(
            t.tmp.path().join("reports").join(name).is_file(),
            "{name} was said to be written"
        );
    }

    json("mail status", &["mail", "status"], true);
    json(
        "mail send",
        &["mail", "send", "--to-dir", &path("sent")],
        true,
    );
    json(
        "mail archive",
        &[
            "mail",
            "archive",
            "--before",
            "1494-r02",
            "--to",
            &path("old.mbox"),
        ],
        true,
    );
    json("backup", &["backup", "--to", &path("copy.sqlite")], true);
    let rotated = json("club secret", &["club", "secret", "M", "--rotate"], true);
    assert_eq!(rotated["nation"], "M", "{rotated}");
    let handed = json(
        "club handover",
        &[
            "club",
            "handover",
            "F",
            "--name",
            "Club Valois",
            "--email",
            "roi@example.org",
        ],
        true,
    );
    assert_eq!(handed["club"]["name"], "Club Valois", "{handed}");
    json("undo", &["undo"], true);

    ran.extend(ELSEWHERE.iter().map(|(c, _)| (*c).to_owned()));
    let listed: BTreeSet<String> = OUTPUTS.iter().map(|o| o.command.to_owned()).collect();
    let missed: Vec<&String> = listed.difference(&ran).collect();
    assert!(missed.is_empty(), "never run with --json: {missed:?}");
}

/// In contact-exchange mode (G3c.3) the round stops at an encounter: `resolve` prints
/// where, `status` whom it waits for; both still follow their schemas.
#[test]
fn a_round_stopped_at_an_encounter_follows_the_schemas_too() {
    let validators = validators();
    let t = TestCampaign::new();
    crate::common::contact_exchange_on(&t.dir);
    t.run(&["resolve", "--force"]).success();
    t.submit_all(
        "1494-r01",
        &[(
            "V",
            "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n",
        )],
    );
    let json = |command: &str, args: &[&str]| run_json(&t, &validators, command, args, true);
    let dry = json("resolve", &["resolve", "--dry-run"]);
    assert_eq!(dry["dry_run"], true, "{dry}");
    let paused = json("resolve", &["resolve"]);
    assert!(paused["paused_at"].is_object(), "{paused}");
    let status = json("status", &["status"]);
    assert!(status["encounter"]["missing"].is_array(), "{status}");
    json("history", &["history"]);
    json("undo", &["undo"]);
}

/// The schemas are closed: a field added or renamed, or one left out, fails validation.
#[test]
fn a_document_that_drifts_from_its_schema_fails() {
    let all = schemas();
    let v = jsonschema::draft202012::new(&all["orders submit"]).expect("compiles");
    let good = serde_json::json!({
        "id": 1, "nation": "V", "phase": "1494-spring", "received_at": "2026-09-01T08:00:00Z",
        "receipt": "ab", "orders": 1, "rejected": [], "warnings": []
    });
    assert!(
        v.is_valid(&good),
        "{:?}",
        v.iter_errors(&good)
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
    );
    let mut added = good.clone();
    added["sha256"] = "ab".into();
    assert!(!v.is_valid(&added), "a field the schema does not name");
    let mut missing = good.clone();
    missing.as_object_mut().map(|o| o.remove("receipt"));
    assert!(!v.is_valid(&missing), "a field left out");
    let mut retyped = good;
    retyped["receipt"] = 7.into();
    assert!(!v.is_valid(&retyped), "an integer receipt");
    // A flattened enum (inbox's verdict) is closed too.
    let inbox = jsonschema::draft202012::new(&all["inbox"]).expect("compiles");
    let read = serde_json::json!([{ "source": "a.eml", "hash": "00", "sender": null,
        "verdict": "accepted", "nation": "V", "receipt": "ab" }]);
    assert!(
        inbox.is_valid(&read),
        "{:?}",
        inbox
            .iter_errors(&read)
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
    );
    let mut odd = read.clone();
    odd[0]["stray"] = 1.into();
    assert!(
        !inbox.is_valid(&odd),
        "a stray field beside a flattened verdict"
    );
}

/// The referee's manual's table of JSON outputs names every command with its schema, and
/// nothing else.
#[test]
fn the_referees_manual_lists_every_schema() {
    let manual = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/referee.md"))
        .expect("docs/referee.md");
    let section = manual
        .split("\n### JSON output\n")
        .nth(1)
        .and_then(|s| s.split("\n### ").next())
        .expect("the referee's manual has a JSON output section");
    let listed: BTreeMap<String, String> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(|c| c.trim().trim_matches('`')).collect();
            (cells[1].to_owned(), cells[2].to_owned())
        })
        .collect();
    let expected: BTreeMap<String, String> = OUTPUTS
        .iter()
        .map(|o| (o.command.to_owned(), o.name.to_owned()))
        .collect();
    assert_eq!(listed, expected);
}
