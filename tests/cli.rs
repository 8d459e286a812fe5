//! End-to-end tests of the real `giglio` binary: one section per subcommand.

use crate::common::{TestCampaign, code_of, export_and_commitment, giglio, ruling_off, stderr_of};
use sha2::{Digest, Sha256};

// ---- demo -------------------------------------------------------------------------

#[test]
fn demo_creates_a_campaign_and_draws_its_map_with_no_server() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path()).args(["demo", "d"]).assert().success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    // The bots play the whole of 1494: spring, ten rounds, winter.
    assert!(
        out.contains("resolved 1494 spring")
            && out.contains("resolved 1494 round 10")
            && out.contains("resolved 1494 winter"),
        "{out}"
    );
    assert!(out.contains("phase:      1495 spring"), "{out}");
    let sent = std::fs::read_dir(tmp.path().join("d/orders"))
        .expect("order files")
        .count();
    assert_eq!(
        sent,
        8 * 11,
        "each club's file for spring and the ten rounds"
    );
    // Every phase the bots played recomputes identically from its revealed seed.
    let audit = giglio(tmp.path())
        .args(["-C", "d", "audit"])
        .assert()
        .success();
    assert_eq!(
        String::from_utf8_lossy(&audit.get_output().stdout)
            .matches(": ok")
            .count(),
        12
    );
    giglio(tmp.path())
        .args(["-C", "d", "victory"])
        .assert()
        .success();
    let svg = std::fs::read_to_string(tmp.path().join("d/map.svg")).expect("map.svg written");
    roxmltree::Document::parse(&svg).expect("the map is well-formed SVG");
    report_mails_are_light(&tmp.path().join("d/mail/out"));
    // Running it again replaces the previous demo.
    giglio(tmp.path()).args(["demo", "d"]).assert().success();
}

/// Issue 30.5: a club's round report mail of the shipped campaign weighs at most
/// 300 KB on average over each phase (it weighed 655–711 KB: the view file and the order
/// page carried the same data, and the map was drawn for a poster). The demo's bots play
/// a whole year, every club with its order page; the mails are the `.eml` files as sent.
fn report_mails_are_light(out: &std::path::Path) {
    const GOAL: u64 = 300_000;
    let mut phases: std::collections::BTreeMap<String, Vec<u64>> = Default::default();
    for e in std::fs::read_dir(out).expect("the demo's mail") {
        let e = e.expect("an entry");
        let name = e.file_name().to_string_lossy().into_owned();
        // 1494-r03.report.V.<hash>_giglio.invalid.eml: a club's round report.
        let mut parts = name.split('.');
        let (Some(phase), Some("report")) = (parts.next(), parts.next()) else {
            continue;
        };
        let size = e.metadata().expect("its size").len();
        phases.entry(phase.to_owned()).or_default().push(size);
    }
    assert_eq!(phases.len(), 12, "{:?}", phases.keys());
    let mut over = Vec::new();
    for (phase, sizes) in &phases {
        assert_eq!(sizes.len(), 8, "{phase}: a report to every club");
        let average = sizes.iter().sum::<u64>() / sizes.len() as u64;
        let most = sizes.iter().max().copied().unwrap_or(0);
        eprintln!("{phase}: a club's report mail {average} B on average, {most} B at most");
        if average > GOAL {
            over.push(format!("{phase}: {average} B on average"));
        }
    }
    assert!(over.is_empty(), "report mails over {GOAL} B: {over:?}");
}

#[test]
fn demo_refuses_a_directory_it_did_not_make() {
    let tmp = tempfile::tempdir().expect("tmp");
    std::fs::create_dir(tmp.path().join("mine")).expect("mkdir");
    std::fs::write(tmp.path().join("mine/notes.txt"), "keep me").expect("write");
    let a = giglio(tmp.path()).args(["demo", "mine"]).assert().failure();
    assert_eq!(code_of(&a), 1);
    assert!(
        tmp.path().join("mine/notes.txt").exists(),
        "nothing was deleted"
    );
}

// ---- new ----------------------------------------------------------------------------

#[test]
fn new_reads_a_clubs_file() {
    let tmp = tempfile::tempdir().expect("tmp");
    let clubs = tmp.path().join("clubs.toml");
    std::fs::write(
        &clubs,
        "[[club]]\nnation = \"V\"\nname = \"Circolo del Leone\"\nemails = [\"doge@leone.example\"]\nlang = \"en\"\n\n[[club]]\nnation = \"M\"\nname = \"Club del Biscione\"\nemails = [\"moro@biscione.example\"]\n",
    )
    .expect("write");
    let a = giglio(tmp.path())
        .args(["new", "c", "--clubs", "clubs.toml", "--seed", "1"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.contains("Circolo del Leone <doge@leone.example> (en)"),
        "{out}"
    );
    let status = giglio(tmp.path())
        .args(["-C", "c", "status", "--json"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&status.get_output().stdout).expect("json");
    assert_eq!(v["clubs"], serde_json::json!(["M", "V"]));
    assert!(
        v["neutral"]
            .as_array()
            .is_some_and(|n| n.iter().any(|x| x == "F")),
        "Firenze has no club here"
    );
}

#[test]
fn new_rejects_a_bad_clubs_file_with_its_location_and_creates_nothing() {
    let tmp = tempfile::tempdir().expect("tmp");
    std::fs::write(
        tmp.path().join("clubs.toml"),
        "[[club]]\nnation = \"XX\"\nname = \"Nobody\"\nemails = [\"Bad <x@y.z>\"]\n",
    )
    .expect("write");
    let a = giglio(tmp.path())
        .args(["new", "c", "--clubs", "clubs.toml"])
        .assert()
        .failure();
    assert_eq!(code_of(&a), 65);
    let err = stderr_of(&a);
    assert!(err.contains("clubs.toml:2:10"), "{err}");
    assert!(err.contains("`XX` is not a nation"), "{err}");
    assert!(err.contains("clubs.toml:4:11"), "{err}");
    assert!(!tmp.path().join("c").exists(), "nothing was created");
}

// ---- status -------------------------------------------------------------------------

#[test]
fn status_tells_the_phase_and_publishes_the_seed_commitment() {
    let t = TestCampaign::new();
    let v: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("json");
    assert_eq!(v["phase"], "1494-spring");
    assert_eq!(v["season"], "spring");
    let commitment = v["seed_commitment"].as_str().expect("a commitment");
    assert_eq!(commitment.len(), 64);
    assert!(commitment.bytes().all(|b| b.is_ascii_hexdigit()));
    // The same seed gives the same commitment; another seed another.
    let again = TestCampaign::new();
    let v2: serde_json::Value =
        serde_json::from_str(&again.stdout(&["status", "--json"])).expect("json");
    assert_eq!(v2["seed_commitment"], v["seed_commitment"]);
    let text = t.stdout(&["status"]);
    assert!(
        text.contains(
            "waiting for: spring orders from F, HRI, M, P, S, SV, T, V (0 of 8 received)"
        ),
        "{text}"
    );
    // A hand reminder: now, and once every club missing was reminded today, why not
    // before the next day (a play-test read only a time).
    assert!(
        text.contains(
            "reminder by hand: can go now (`giglio remind`, one a club a day, days as UTC counts them)"
        ),
        "{text}"
    );
    t.run(&["remind"]).success();
    let text = t.stdout(&["status"]);
    assert!(
        text.contains(
            "(`giglio remind` sends one a club a day, days as UTC counts them, and every club missing was reminded today)"
        ),
        "{text}"
    );
}

#[test]
fn commands_outside_a_campaign_say_how_to_make_one() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path()).arg("status").assert().failure();
    assert_eq!(code_of(&a), 1);
    assert!(stderr_of(&a).contains("giglio new"), "{}", stderr_of(&a));
}

/// An I/O error names the path it failed on, then its cause; a hint, after the message,
/// says what to do.
#[test]
fn an_io_error_names_its_path_and_its_cause_and_a_hint_says_what_to_do() {
    let tmp = tempfile::tempdir().expect("tmp");
    // A file where `new` must make a folder.
    std::fs::write(tmp.path().join("blocker"), "a file, not a folder").expect("write");
    let a = giglio(tmp.path())
        .args(["new", "blocker/c"])
        .assert()
        .failure();
    assert_eq!(code_of(&a), 74, "{}", stderr_of(&a));
    let err = stderr_of(&a);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines.len() == 2 && lines[0].starts_with("error: ") && lines[0].contains("blocker/c"),
        "the message names the path: {err}"
    );
    assert!(
        lines[1].starts_with("Caused by: ") && lines[1].len() > "Caused by: ".len(),
        "the system's reason follows it: {err}"
    );

    let a = giglio(tmp.path())
        .args(["-C", "nowhere", "status"])
        .assert()
        .failure();
    assert_eq!(code_of(&a), 1);
    assert_eq!(
        stderr_of(&a),
        "error: no campaign in nowhere: there is no giglio.sqlite\n\
         Hint: create one with `giglio new nowhere`, or point at one with `-C DIR`\n"
    );
}

// ---- map ----------------------------------------------------------------------------

#[test]
fn map_check_accepts_the_shipped_campaign() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["map", "check", "il-giglio"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.starts_with("ok: il-giglio: 14 nations, 131 nodes"),
        "{out}"
    );
}

#[test]
fn map_check_locates_a_broken_file_and_exits_65() {
    let t = TestCampaign::new();
    let map = t.dir.join("campaign/map.toml");
    let text = std::fs::read_to_string(&map).expect("read");
    std::fs::write(
        &map,
        text.replace(
            "roads = [\"V9\", \"M5\", \"F7\", \"F8\", \"P8\", \"S11\"]",
            "roads = [\"V9\", \"M5\", \"F7\", \"F8\", \"P8\", \"S11\", \"QQ1\"]",
        ),
    )
    .expect("write");
    let a = t.run(&["map", "check"]).failure();
    assert_eq!(code_of(&a), 65);
    let err = stderr_of(&a);
    assert!(err.contains("map.toml:146:"), "{err}");
    assert!(
        err.contains("error[map.unknown-node]: road from `V8` to unknown node `QQ1`"),
        "{err}"
    );
    assert!(err.contains("^^^^^ no node has this code"), "{err}");
}

#[test]
fn map_show_lists_nodes_roads_seas_and_the_ban() {
    let t = TestCampaign::new();
    let text = t.stdout(&["map", "show"]);
    assert!(
        text.lines().any(|l| l.starts_with("V8 ")
            && l.contains("Ravenna")
            && l.contains("roads F7 F8 M5 P8 S11 V9")),
        "{text}"
    );
    assert!(
        text.contains("ban: F may not move F0 → S12 in rounds [2]"),
        "{text}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&t.stdout(&["map", "show", "--json"])).expect("json");
    assert_eq!(v["nodes"].as_array().map(Vec::len), Some(131));
}

#[test]
fn map_render_draws_every_node_and_a_clubs_own_pieces() {
    let t = TestCampaign::new();
    t.run(&["map", "render", "--out", "venice.svg", "--club", "V"])
        .success();
    let svg = std::fs::read_to_string(t.tmp.path().join("venice.svg")).expect("svg");
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let codes = doc
        .descendants()
        .filter(|n| n.attribute("data-code").is_some())
        .count();
    assert_eq!(codes, 131, "one mark per node");
    assert!(svg.contains("Ravenna") && svg.contains("Golfo di Venezia"));
    // Titled in one language: the game's title, the nation's name and the phase's.
    let title = doc
        .descendants()
        .find(|n| n.has_tag_name("title"))
        .and_then(|n| n.text())
        .unwrap_or_default();
    assert_eq!(title, "Il Giglio — Repubblica di Venezia — primavera 1494");
    // Counted on the main map: the inset below it draws those of its places again.
    let armies = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("army"))
        .filter(|n| !n.attribute("id").unwrap_or_default().ends_with("-in"))
        .count();
    assert_eq!(armies, 2, "Venice's two armies, and no one else's");
    assert!(svg.contains("V-A1 350"));
    assert!(!svg.contains("M-A1"), "another club's army is never drawn");
    let a = t
        .run(&["map", "render", "--out", "x.svg", "--club", "ZZ"])
        .failure();
    assert!(stderr_of(&a).contains("`ZZ` is not a nation"));
}

#[test]
fn a_referee_template_overrides_the_built_in_one() {
    let t = TestCampaign::new();
    std::fs::create_dir_all(t.dir.join("templates")).expect("mkdir");
    std::fs::write(t.dir.join("templates/map.svg"), "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>{{ title }}</title>{% for n in nodes %}<text>{{ n.name }}</text>{% endfor %}</svg>").expect("write");
    t.run(&["map", "render", "--out", "mine.svg"]).success();
    let svg = std::fs::read_to_string(t.tmp.path().join("mine.svg")).expect("svg");
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"><title>Il Giglio"),
        "{svg}"
    );
    // A typo in a template is a located error, not an empty picture.
    std::fs::write(t.dir.join("templates/map.svg"), "<svg>\n{{ nodez }}</svg>").expect("write");
    let a = t.run(&["map", "render", "--out", "bad.svg"]).failure();
    let err = stderr_of(&a);
    assert!(err.contains("template map.svg:2"), "{err}");
}

// ---- orders -------------------------------------------------------------------------

#[test]
fn new_issues_one_secret_per_club() {
    let t = TestCampaign::new();
    assert_eq!(t.secrets.len(), 8, "{:?}", t.secrets);
    assert!(t.secrets.values().all(|s| s.len() == 24));
}

#[test]
fn orders_check_accepts_a_valid_file_and_changes_nothing() {
    let t = TestCampaign::new();
    let before = t.stdout(&["export", "--json"]);
    let f = t.orders_file(
        "v.toml",
        "V",
        "1494-spring",
        "[[raise]]\nnode = \"V0\"\nvalue = 100\n",
    );
    let out = t.stdout(&["orders", "check", &f]);
    // Valid, in the club's language; a first spring without an objective is warned
    // (without one the club cannot win), and the file stays valid.
    assert!(out.contains("v.toml: 1 ordine, valido (1 avviso)"), "{out}");
    // Labelled in the club's language, as its receipts are (issue 29 point 7).
    assert!(out.contains("avviso[G8.1]"), "{out}");
    assert_eq!(t.stdout(&["export", "--json"]), before);
    let f = t.orders_file(
        "w.toml",
        "V",
        "1494-spring",
        "objective = { kind = \"most_cities\" }\n",
    );
    let out = t.stdout(&["orders", "check", &f]);
    assert!(out.contains("w.toml: 1 ordine, valido\n"), "{out}");
    assert!(!out.contains("avviso"), "{out}");
}

#[test]
fn orders_check_locates_every_problem_in_the_clubs_language() {
    let t = TestCampaign::new();
    let body = "[[raise]]\nnode = \"V9\"\nvalue = 100\n\n[[raise]]\nnode = \"V0\"\nvalue = 99999\n\n[[reinforce]]\narmy = \"M-A1\"\nvalue = 10\n";
    let f = t.orders_file("v.toml", "V", "1494-spring", body);
    let a = t.run(&["orders", "check", &f]).failure();
    assert_eq!(code_of(&a), 65);
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    // Italian, the demo clubs' language; each problem with file:line:col and rule.
    assert!(
        out.contains("errore[G6.4]: `M-A1` appartiene a M, non al vostro club"),
        "{out}"
    );
    assert!(out.contains("--> v.toml:13:8"), "{out}");
    assert!(
        out.contains("errore[G2b.1]: raise: Cervia (V9) non è una città"),
        "{out}"
    );
    assert!(out.contains("--> v.toml:4:1"), "{out}");
    // The summary on stderr starts a line of its own (a play-test read it glued to the
    // last caret line).
    assert!(out.ends_with('\n'), "{out:?}");
    // The last line too: a play-test's Italian club read an English "error:" there.
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(err.starts_with("errore: "), "{err}");
    assert!(!err.contains("error:"), "{err}");
    assert!(
        out.contains(
            "errore[G2b.7]: raise: costa 99999 ducati ma la tesoreria ne ha 1080: ne mancano 98919"
        ),
        "{out}"
    );
    // The same in English on request, and as JSON.
    let a = t.run(&["orders", "check", &f, "--lang", "en"]).failure();
    let en = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        en.contains("error[G2b.1]: raise: Cervia (V9) is not a city") && !en.contains("errore["),
        "{en}"
    );
    let a = t.run(&["orders", "check", &f, "--json"]).failure();
    let v: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).expect("json");
    assert_eq!(v["valid"], false);
    // Nothing is wrong with the file as a whole; three orders will not be carried out.
    assert_eq!(v["errors"].as_array().map(Vec::len), Some(0));
    assert_eq!(v["rejected"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["rejected"][0]["rule"], "G6.4");
    assert_eq!(v["rejected"][1]["rule"], "G2b.1");
    assert_eq!(v["rejected"][1]["line"], 4);
}

#[test]
fn a_club_checks_its_file_against_its_own_copy_of_the_definition() {
    let tmp = tempfile::tempdir().expect("tmp");
    std::fs::write(tmp.path().join("f.toml"), "club = \"F\"\nphase = \"1494-spring\"\n[[raise]]\nnode = \"F0\"\nvalue = 100\n[[fleet]]\nport = \"F2\"\n").expect("write");
    let a = giglio(tmp.path())
        .args([
            "orders",
            "check",
            "f.toml",
            "--campaign",
            "il-giglio",
            "--lang",
            "en",
        ])
        .assert()
        .failure();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.contains("error[G2b.6]: fleet: your nation may have at most 0 fleets"),
        "{out}"
    );
    assert!(!out.contains("raise"), "the raise is fine: {out}");
}

#[test]
fn a_wrong_or_missing_secret_is_refused_and_nothing_is_stored() {
    let t = TestCampaign::new();
    std::fs::write(
        t.tmp.path().join("forged.toml"),
        format!(
            "club = \"V\"\nphase = \"1494-spring\"\nsecret = \"{}\"\n",
            t.secrets["M"]
        ),
    )
    .expect("write");
    let a = t.run(&["orders", "submit", "forged.toml"]).failure();
    assert_eq!(code_of(&a), 65);
    assert!(
        stderr_of(&a).contains("error[auth.secret]: il segreto non è quello del club"),
        "{}",
        stderr_of(&a)
    );
    std::fs::write(
        t.tmp.path().join("none.toml"),
        "club = \"V\"\nphase = \"1494-spring\"\n",
    )
    .expect("write");
    let a = t.run(&["orders", "submit", "none.toml"]).failure();
    assert!(
        stderr_of(&a).contains("manca il segreto"),
        "{}",
        stderr_of(&a)
    );
    assert!(
        t.stdout(&["orders", "list"])
            .contains("no order files for 1494-spring")
    );
}

#[test]
fn submit_prints_a_receipt_and_the_last_file_replaces_the_earlier() {
    let t = TestCampaign::new();
    let f = t.orders_file(
        "v1.toml",
        "V",
        "1494-spring",
        "[[raise]]\nnode = \"V0\"\nvalue = 100\n",
    );
    let out = t.stdout(&["orders", "submit", &f]);
    let bytes = std::fs::read(t.tmp.path().join(&f)).expect("read");
    let sha = giglio::submission::sha256_hex(&bytes);
    assert!(
        out.contains(&format!("the sha256 of the file as received: {sha}")),
        "{out}"
    );
    let f2 = t.orders_file(
        "v2.toml",
        "V",
        "1494-spring",
        "[[raise]]\nnode = \"V0\"\nvalue = 200\n",
    );
    t.run(&["orders", "submit", &f2]).success();
    let list = t.stdout(&["orders", "list"]);
    assert_eq!(list.matches("replaced").count(), 1, "{list}");
    assert_eq!(list.matches("active").count(), 1, "{list}");
    // The stored text never holds the secret.
    let v: serde_json::Value =
        serde_json::from_str(&t.stdout(&["orders", "list", "--json"])).expect("json");
    for row in v.as_array().expect("rows") {
        assert!(
            !row["text"].as_str().unwrap_or("").contains(&t.secrets["V"]),
            "the secret was stored"
        );
    }
}

#[test]
fn orders_schema_is_json_schema_of_the_order_file() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["orders", "schema"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).expect("json");
    assert_eq!(v["title"], "giglio order file");
    for field in [
        "club",
        "phase",
        "secret",
        "raise",
        "move",
        "stance",
        "siege",
        "battle_result",
    ] {
        assert!(
            v["properties"].get(field).is_some(),
            "schema lacks `{field}`"
        );
    }
}

// ---- resolve and ledger -------------------------------------------------------------

#[test]
fn resolve_waits_for_every_club_unless_forced() {
    let t = TestCampaign::new();
    let a = t.run(&["resolve"]).failure();
    assert_eq!(code_of(&a), 1);
    assert!(
        stderr_of(&a).contains("waits for orders from F, HRI, M, P, S, SV, T, V"),
        "{}",
        stderr_of(&a)
    );
    let f = t.orders_file("v.toml", "V", "1494-spring", "");
    t.run(&["orders", "submit", &f]).success();
    let status = t.stdout(&["status"]);
    assert!(
        status.contains("spring orders from F, HRI, M, P, S, SV, T (1 of 8 received)"),
        "{status}"
    );
    let out = t.stdout(&["resolve", "--force"]);
    assert!(out.contains("1494 round 1 is open"), "{out}");
}

#[test]
fn a_spring_resolves_and_the_ledger_explains_every_ducat() {
    let t = TestCampaign::new();
    t.submit_all("1494-spring", &[("V", "loan = 100\nstrategos = { bid = 80 }\n[[raise]]\nnode = \"V0\"\nvalue = 200\n[[raise]]\nnode = \"V1\"\nvalue = 99999\n")]);
    let dry = t.stdout(&["resolve", "--dry-run"]);
    assert!(dry.contains("nothing was saved (dry run)"), "{dry}");
    assert!(dry.contains("army V-A3 raised at V0 with 200"), "{dry}");
    assert!(
        t.stdout(&["status"]).contains("1494 spring"),
        "a dry run saves nothing"
    );
    let out = t.stdout(&["resolve"]);
    assert!(
        out.contains("V    #4   raise          rejected (G2b.1)"),
        "{out}"
    );
    assert!(out.contains("V wins the Strategos for 80 ducats"), "{out}");
    let ledger = t.stdout(&["ledger", "--club", "V"]);
    // 600 + 480 income + 100 loan - 200 raise - 80 Strategos = 900.
    assert!(ledger.contains("closing       900"), "{ledger}");
    assert!(ledger.contains("G2a.3        +100  loan"), "{ledger}");
    let v: serde_json::Value =
        serde_json::from_str(&t.stdout(&["ledger", "--club", "V", "--json"])).expect("json");
    let treasury = &v[0]["treasury"];
    let sum: i64 = treasury["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .map(|l| l["amount"].as_i64().unwrap_or(0))
        .sum();
    assert_eq!(
        treasury["opening"].as_i64().unwrap_or(0) + sum,
        treasury["closing"].as_i64().unwrap_or(-1)
    );
    // The seed of the spring is revealed, and every die is in the log.
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("json");
    assert_eq!(status["previous_phase"], "1494-spring");
    assert_eq!(status["previous_seed"].as_str().map(str::len), Some(64));
    assert!(t.stdout(&["log", "--dice"]).contains("spring/move-order"));
}

#[test]
fn the_same_campaign_orders_and_seed_give_the_same_bytes() {
    let run = || {
        let t = TestCampaign::new();
        t.submit_all(
            "1494-spring",
            &[
                ("V", "[[raise]]\nnode = \"V0\"\nvalue = 200\n"),
                ("M", "strategos = { bid = 10 }\n"),
            ],
        );
        let resolved = t.stdout(&["resolve", "--json"]);
        (resolved, t.stdout(&["export", "--json"]))
    };
    let (r1, e1) = run();
    let (r2, e2) = run();
    assert_eq!(r1, r2, "the resolution is byte-identical");
    assert_eq!(e1, e2, "the state is byte-identical");
}

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

/// A campaign written before the ruling `fresh_seed_after_undo` keeps the seed its
/// undone reports revealed: resolve, undo, resolve is identical, as it always was.
#[test]
fn without_the_fresh_seed_ruling_undo_and_resolve_again_is_identical() {
    let t = TestCampaign::new();
    ruling_off(&t.dir, "fresh_seed_after_undo");
    t.submit_all(
        "1494-spring",
        &[("V", "[[raise]]\nnode = \"V0\"\nvalue = 200\n")],
    );
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

#[test]
fn club_secret_rotate_replaces_the_secret() {
    let t = TestCampaign::new();
    let a = t.run(&["club", "secret", "V"]).failure();
    assert!(stderr_of(&a).contains("--rotate"));
    let out = t.stdout(&["club", "secret", "V", "--rotate"]);
    let new = out
        .lines()
        .nth(1)
        .expect("the secret line")
        .trim()
        .to_owned();
    let old = t.orders_file("old.toml", "V", "1494-spring", "");
    assert_eq!(
        code_of(&t.run(&["orders", "submit", &old]).failure()),
        65,
        "the old secret no longer works"
    );
    std::fs::write(
        t.tmp.path().join("new.toml"),
        format!("club = \"V\"\nphase = \"1494-spring\"\nsecret = \"{new}\"\n"),
    )
    .expect("write");
    t.run(&["orders", "submit", "new.toml"]).success();
}

// ---- summer rounds ------------------------------------------------------------------

#[test]
fn a_round_with_a_battle_blocks_the_next_until_its_result() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    // Venice's second army, in Ravenna, attacks Florentine Castrocaro.
    t.submit_all("1494-r01", &[("V", "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n")]);
    let dry = t.stdout(&["resolve", "--dry-run"]);
    assert!(dry.contains("V-A2 stops at F7: an encounter"), "{dry}");
    assert!(dry.contains("army V-A2: V8 150 → F7 150"), "{dry}");
    let out = t.stdout(&["resolve"]);
    assert!(
        out.contains("battle 1494-r01-F7 at F7: V against F, waiting for its result"),
        "{out}"
    );
    let status = t.stdout(&["status"]);
    assert!(
        status.contains("battle pending: 1494-r01-F7 at F7 (V against F), since 1494-r01"),
        "{status}"
    );
    let a = t.run(&["resolve", "--force"]).failure();
    assert_eq!(code_of(&a), 1);
    assert!(
        stderr_of(&a)
            .contains("cannot be resolved while battles wait for their result: 1494-r01-F7"),
        "{}",
        stderr_of(&a)
    );
    // The battle is in the export, with both sides' values.
    let v: serde_json::Value =
        serde_json::from_str(&t.stdout(&["export", "--json"])).expect("json");
    assert_eq!(v["battles"][0]["attacker"]["ducats"], 150);
    assert_eq!(v["battles"][0]["defender"]["nation"], "F");
    // Undo reopens round 1 exactly; resolving again gives the same round.
    t.stdout(&["undo"]);
    assert!(t.stdout(&["status"]).contains("1494 round 1"));
    let again = t.stdout(&["resolve"]);
    assert_eq!(again, out, "resolve, undo, resolve: identical");
    // Every club's orders in, the round waits for the battle, and `status` says so (a
    // play-test read "waiting for: nothing … the referee may resolve").
    t.submit_all("1494-r02", &[]);
    let status = t.stdout(&["status"]);
    assert!(
        status.contains("waiting for: the result of battle 1494-r01-F7 (see `giglio battle list`); every club's round orders are in"),
        "{status}"
    );
}

#[test]
fn round_orders_are_checked_against_the_map_and_the_rules() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let f = t.orders_file("v.toml", "V", "1494-r01", "[[move]]\npiece = \"V-A1\"\npath = \"V8 -> V9\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7 -> F0\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> V9\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V9 -> V8\"\n");
    let a = t.run(&["orders", "check", &f, "--lang", "en"]).failure();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.contains(
            "error[G3b.2]: move: the path must start at Verona (V4), where the piece stands"
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "error[G3b.3]: move: too far into foreign territory: a move may go only 1 node into it, as its first step, and stops there"
        ),
        "{out}"
    );
    assert!(
        out.contains("error[G3b.3]: move: V-A2 has already moved this round"),
        "{out}"
    );
}

// ---- battles ------------------------------------------------------------------------

/// Resolves spring and a round in which Venice attacks Castrocaro: battle 1494-r01-F7.
fn campaign_with_a_battle() -> TestCampaign {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.submit_all("1494-r01", &[("V", "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n")]);
    t.run(&["resolve"]).success();
    t
}

fn send_result(
    t: &TestCampaign,
    nation: &str,
    winner: &str,
    v_loss: i64,
    f_loss: i64,
) -> assert_cmd::assert::Assert {
    let body = format!(
        "[[battle_result]]\nbattle = \"1494-r01-F7\"\nwinner = \"{winner}\"\nlosses = {{ V = {v_loss}, F = {f_loss} }}\n"
    );
    let f = t.orders_file(&format!("result-{nation}.toml"), nation, "1494-r02", &body);
    t.run(&["battle", "result", "1494-r01-F7", &f])
}

#[test]
fn agreeing_table_results_are_applied_at_the_next_round() {
    let t = campaign_with_a_battle();
    assert!(
        t.stdout(&["battle", "list"])
            .contains("waiting for the result of V and F")
    );
    let out = String::from_utf8_lossy(
        &send_result(&t, "V", "V", 50, 120)
            .success()
            .get_output()
            .stdout,
    )
    .into_owned();
    assert!(out.contains("waiting for the result of F"), "{out}");
    let out = String::from_utf8_lossy(
        &send_result(&t, "F", "V", 50, 120)
            .success()
            .get_output()
            .stdout,
    )
    .into_owned();
    assert!(out.contains("both clubs agree"), "{out}");
    let out = t.stdout(&["resolve", "--force"]);
    assert!(
        out.contains("battle 1494-r01-F7 at F7, V against F: V wins"),
        "{out}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&t.stdout(&["export", "--json"])).expect("json");
    let army = |id: &str| {
        v["nations"]
            .as_array()
            .expect("nations")
            .iter()
            .flat_map(|n| n["armies"].as_array().cloned().unwrap_or_default())
            .find(|a| a["id"] == id)
    };
    // Venice lost 50 of 150 and holds Castrocaro; Florence lost everything it had there.
    assert_eq!(
        army("V-A2").map(|a| a["value"].clone()),
        Some(serde_json::json!(100))
    );
    assert_eq!(
        army("V-A2").map(|a| a["node"].clone()),
        Some(serde_json::json!("F7"))
    );
    assert!(army("F-A2").is_none(), "the Florentine army was destroyed");
    assert!(v["battles"].as_array().is_some_and(Vec::is_empty));
    let ledger = t.stdout(&["ledger", "--club", "V"]);
    assert!(
        ledger
            .lines()
            .any(|l| l.contains("G3c.7") && l.contains("-50  losses in battle 1494-r01-F7")),
        "{ledger}"
    );
}

#[test]
fn a_clubs_own_order_of_battle_replaces_the_templates_on_its_card() {
    let t = campaign_with_a_battle();
    let oob = |units: &str| {
        format!("[[order_of_battle]]\nbattle = \"1494-r01-F7\"\nruleset = \"mon1628\"\n{units}")
    };
    let unit = |name: &str, kind: &str, value: i64| {
        format!(
            "[[order_of_battle.unit]]\nname = \"{name}\"\nkind = \"{kind}\"\ncampaign_value = {value}\nratings = {{ fire_att = 3, fire_def = 4, two_step = 1 }}\n"
        )
    };
    // The values must add up to the army's 150 ducats.
    let f = t.orders_file(
        "oob-short.toml",
        "V",
        "1494-r02",
        &oob(&unit("Fanti di Romagna", "inf", 100)),
    );
    let a = t.run(&["battle", "oob", "1494-r01-F7", &f]).failure();
    assert!(
        stderr_of(&a)
            .contains("the units are worth 100 ducats and the army 150: they must add up (§0.5)"),
        "{}",
        stderr_of(&a)
    );
    let f = t.orders_file(
        "oob-kind.toml",
        "V",
        "1494-r02",
        &oob(&unit("Elefanti", "elephant", 150)),
    );
    let a = t.run(&["battle", "oob", "1494-r01-F7", &f]).failure();
    assert!(
        stderr_of(&a).contains("kind `elephant`, which the ruleset does not know"),
        "{}",
        stderr_of(&a)
    );
    let body = oob(&format!(
        "{}{}[[order_of_battle.leader]]\nname = \"Bartolomeo d'Alviano\"\nratings = {{ leadership = 3 }}\n",
        unit("Fanti di Romagna", "inf", 100),
        unit("Stradiotti", "cav", 50)
    ));
    let f = t.orders_file("oob.toml", "V", "1494-r02", &body);
    let out = t.stdout(&["battle", "oob", "1494-r01-F7", &f]);
    assert!(out.contains("2 units, 1 leader;"), "{out}");
    let card = t.stdout(&["battle", "card", "1494-r01-F7"]);
    assert!(card.contains("order of battle: the club's own"), "{card}");
    assert!(
        card.contains("A-U2 Stradiotti [cavalry] 50 ducats"),
        "{card}"
    );
    assert!(
        card.contains("leader A-L1 Bartolomeo d'Alviano: leadership 3"),
        "{card}"
    );
    // Florence sent none: its side is still built from templates.
    assert!(
        card.contains("order of battle: from the ruleset's templates"),
        "{card}"
    );
    // Another ruleset's card is unaffected by an order of battle written for mon1628.
    let leg = t.stdout(&["battle", "card", "1494-r01-F7", "--ruleset", "leg1176"]);
    assert!(!leg.contains("Stradiotti"), "{leg}");
    // The auto-resolver fights with the club's units.
    assert!(
        t.stdout(&["battle", "auto", "1494-r01-F7"])
            .contains("auto-resolved 1494-r01-F7 with mon1628")
    );
}

#[test]
fn disagreeing_results_block_until_the_referee_rules() {
    let t = campaign_with_a_battle();
    send_result(&t, "V", "V", 10, 120).success();
    let out = String::from_utf8_lossy(
        &send_result(&t, "F", "F", 150, 0)
            .success()
            .get_output()
            .stdout,
    )
    .into_owned();
    assert!(out.contains("differ"), "{out}");
    assert!(t.stdout(&["battle", "list"]).contains("disputed"));
    let a = t.run(&["resolve", "--force"]).failure();
    assert!(stderr_of(&a).contains("1494-r01-F7"), "{}", stderr_of(&a));
    // A forged result (wrong secret) changes nothing.
    std::fs::write(t.tmp.path().join("forged.toml"), format!("club = \"F\"\nphase = \"1494-r02\"\nsecret = \"{}\"\n[[battle_result]]\nbattle = \"1494-r01-F7\"\nlosses = {{ V = 0, F = 0 }}\n", t.secrets["V"])).expect("write");
    assert_eq!(
        code_of(
            &t.run(&["battle", "result", "1494-r01-F7", "forged.toml"])
                .failure()
        ),
        65
    );
    // Losses beyond what a side had are refused.
    let a = t
        .run(&[
            "battle",
            "rule",
            "1494-r01-F7",
            "--winner",
            "F",
            "--loss",
            "V=999",
            "--loss",
            "F=0",
            "--reason",
            "x",
        ])
        .failure();
    assert!(
        stderr_of(&a).contains("V cannot lose 999 ducats: it fought with 150"),
        "{}",
        stderr_of(&a)
    );
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
        "the photographs show Florence held",
    ])
    .success();
    let out = t.stdout(&["resolve", "--force"]);
    assert!(out.contains("F wins"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&t.stdout(&["export", "--json"])).expect("json");
    let venice = v["nations"]
        .as_array()
        .expect("nations")
        .iter()
        .find(|n| n["code"] == "V")
        .expect("V")
        .clone();
    let a2 = venice["armies"]
        .as_array()
        .expect("armies")
        .iter()
        .find(|a| a["id"] == "V-A2")
        .expect("V-A2")
        .clone();
    // The loser falls back to where it came from, with its losses (G3c.8).
    assert_eq!(a2["node"], "V8");
    assert_eq!(a2["value"], 90);
}

// ---- history, audit, victory -------------------------------------------------------

#[test]
fn audit_confirms_a_clean_campaign_and_catches_tampering() {
    let t = campaign_with_a_battle();
    let out = t.stdout(&["audit"]);
    assert!(
        out.contains("1494-spring: ok") && out.contains("1494-r01: ok"),
        "{out}"
    );
    let history = t.stdout(&["history"]);
    assert!(
        history.contains("1494-r02") && history.contains("open"),
        "{history}"
    );
    let db = rusqlite::Connection::open(t.dir.join("giglio.sqlite")).expect("db");
    // A changed die.
    db.execute("UPDATE dice SET value = CASE value WHEN 1 THEN 2 ELSE 1 END WHERE phase_key = '1494-spring' AND seq = 1", []).expect("tamper");
    let a = t.run(&["audit", "--phase", "1494-spring"]).failure();
    assert_eq!(code_of(&a), 65);
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.contains("MISMATCH: the dice differ from roll #1"),
        "{out}"
    );
    // A changed order: Venice's round orders now march elsewhere.
    db.execute("UPDATE orders SET text = replace(text, 'V8 -> F7', 'V8 -> V9') WHERE phase_key = '1494-r01' AND nation = 'V'", []).expect("tamper");
    let a = t.run(&["audit", "--phase", "1494-r01"]).failure();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.contains("MISMATCH") && out.contains("outcomes, events or ledger differ"),
        "{out}"
    );
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
            !subject.contains("resolved again") && !subject.contains("nuova risoluzione"),
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

// ---- log ----------------------------------------------------------------------------

#[test]
fn log_shows_the_journal_and_the_dice() {
    let t = TestCampaign::new();
    let text = t.stdout(&["log"]);
    assert!(
        text.contains(
            "2026-09-01T08:00:00Z [new campaign] new campaign `il-giglio`, opening 1494 spring"
        ),
        "{text}"
    );
    let dice = t.stdout(&["log", "--dice"]);
    assert!(dice.contains("no dice rolled yet"), "{dice}");
}

// ---- help ---------------------------------------------------------------------------

#[test]
fn every_subcommand_has_help() {
    let tmp = tempfile::tempdir().expect("tmp");
    for cmd in [
        &["new"][..],
        &["status"],
        &["map", "check"],
        &["map", "show"],
        &["map", "render"],
        &["export"],
        &["log"],
        &["undo"],
        &["demo"],
    ] {
        let a = giglio(tmp.path())
            .args(cmd)
            .arg("--help")
            .assert()
            .success();
        assert!(!a.get_output().stdout.is_empty(), "{cmd:?}");
    }
    let a = giglio(tmp.path()).arg("frobnicate").assert().failure();
    assert_eq!(code_of(&a), 2, "usage errors exit 2");
}

// ---- rules --------------------------------------------------------------------------

#[test]
fn rules_prints_one_rule_with_its_table_in_the_language_asked() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["rules", "G3b.3", "--lang", "en"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.starts_with("G3b.3 How far a piece moves\n\n"), "{out}");
    assert!(
        out.contains("| nodes along one's own territory | 2 |"),
        "{out}"
    );
    assert!(out.contains("switch `abroad_steps`"), "{out}");
    let a = giglio(tmp.path())
        .args(["rules", "g3b.3"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.starts_with("G3b.3 Quanto si muove un pezzo\n"), "{out}");
}

#[test]
fn rules_lists_every_id_with_its_title() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["rules", "--lang", "en"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(
        out.starts_with("G0      Vocabulary\nG1      The year\n"),
        "{out}"
    );
    assert!(out.contains("\nG3d.2   The siege roll\n"), "{out}");
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with('G') || l.starts_with('§'))
            .count(),
        82
    );
}

#[test]
fn rules_with_an_unknown_id_suggests_the_nearest_and_exits_1() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path())
        .args(["rules", "G2b5", "--lang", "en"])
        .assert()
        .failure();
    assert_eq!(code_of(&a), 1);
    let err = stderr_of(&a);
    assert!(
        err.contains("There is no rule G2b5 in the rulebook. Did you mean G2b.5?"),
        "{err}"
    );
    assert!(a.get_output().stdout.is_empty());
}

/// `giglio completions bash|zsh|fish` and `giglio man` come from the command
/// definitions: each names the commands, and `man --out` writes a page per command.
#[test]
fn completions_and_man_pages_cover_every_command() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef giglio"),
        ("fish", "complete -c giglio"),
    ] {
        let out = giglio(tmp.path())
            .args(["completions", shell])
            .assert()
            .success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        assert!(text.contains(marker), "{shell}: {text}");
        for sub in ["resolve", "backup", "inbox", "deadline"] {
            assert!(text.contains(sub), "{shell} completes {sub}");
        }
    }
    giglio(tmp.path())
        .args(["completions", "powershell-9"])
        .assert()
        .code(2);
    let man = giglio(tmp.path()).arg("man").assert().success();
    let page = String::from_utf8_lossy(&man.get_output().stdout).into_owned();
    assert!(
        page.starts_with(".ie \\n(.g .ds Aq") || page.contains(".TH giglio 1"),
        "{page}"
    );
    assert!(
        page.contains("resolve") && page.contains("backup"),
        "{page}"
    );
    let pages = tmp.path().join("man1");
    giglio(tmp.path())
        .args(["man", "--out"])
        .arg(&pages)
        .assert()
        .success();
    for name in [
        "giglio.1",
        "giglio-resolve.1",
        "giglio-mail-send.1",
        "giglio-backup.1",
    ] {
        let text =
            std::fs::read_to_string(pages.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(text.contains(".TH"), "{name}");
    }
}

/// Help that teaches: walking clap's command tree, every argument has a help line and
/// every command that runs something ends its `--help` with examples; the real binary
/// prints them.
#[test]
fn every_flag_has_help_and_every_command_has_examples() {
    fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>, leaves: &mut Vec<String>) {
        for arg in cmd.get_arguments() {
            let id = arg.get_id().as_str();
            if ["help", "version"].contains(&id) {
                continue;
            }
            if arg.get_help().is_none() && arg.get_long_help().is_none() {
                missing.push(format!("{path}: --{id} has no help"));
            }
        }
        let subs: Vec<_> = cmd
            .get_subcommands()
            .filter(|s| s.get_name() != "help")
            .collect();
        if subs.is_empty() {
            let examples = cmd
                .get_after_help()
                .map(|h| h.to_string())
                .unwrap_or_default();
            if !examples.contains("Examples:") || !examples.contains("giglio ") {
                missing.push(format!("{path}: no examples"));
            }
            if cmd.get_about().is_none() {
                missing.push(format!("{path}: no description"));
            }
            leaves.push(path.to_owned());
        }
        for s in subs {
            walk(s, &format!("{path} {}", s.get_name()), missing, leaves);
        }
    }
    let mut missing = Vec::new();
    let mut leaves = Vec::new();
    walk(&giglio::cli::command(), "giglio", &mut missing, &mut leaves);
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(leaves.len() > 30, "{leaves:?}");
    let tmp = tempfile::tempdir().expect("a temporary directory");
    for leaf in &leaves {
        let args: Vec<&str> = leaf.split(' ').skip(1).chain(["--help"]).collect();
        let out = giglio(tmp.path()).args(&args).assert().success();
        let help = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
        let tail = help.rsplit("Examples:").next().unwrap_or("");
        assert!(
            help.contains("Examples:") && tail.contains("giglio "),
            "{leaf}: {help}"
        );
    }
}

/// A missing or unreadable file is 74; `inbox --eml A missing B` reads A and B, names
/// the missing one, then exits 74 (its JSON lists what was read).
#[test]
fn a_missing_file_is_74_and_inbox_reads_every_readable_file_first() {
    let t = TestCampaign::new();
    let a = t.run(&["orders", "check", "nowhere.toml"]).failure();
    assert_eq!(code_of(&a), 74, "{}", stderr_of(&a));
    assert!(stderr_of(&a).contains("nowhere.toml"));
    let a = t.run(&["orders", "submit", "nowhere.toml"]).failure();
    assert_eq!(code_of(&a), 74);
    let mail = |n: u32| {
        format!(
            "From: stranger{n}@example.org\r\nTo: arbitro@example.org\r\nSubject: hello {n}\r\nMessage-ID: <m{n}@example.org>\r\n\r\nciao\r\n"
        )
    };
    std::fs::write(t.tmp.path().join("a.eml"), mail(1)).expect("write");
    std::fs::write(t.tmp.path().join("b.eml"), mail(2)).expect("write");
    let a = t
        .run(&["inbox", "--eml", "a.eml", "missing.eml", "b.eml", "--json"])
        .failure();
    assert_eq!(code_of(&a), 74, "{}", stderr_of(&a));
    assert!(stderr_of(&a).contains("missing.eml"), "{}", stderr_of(&a));
    let read: serde_json::Value =
        serde_json::from_slice(&a.get_output().stdout).expect("the JSON of what was read");
    let sources: Vec<&str> = read
        .as_array()
        .expect("an array")
        .iter()
        .map(|r| r["source"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(sources, ["a.eml", "b.eml"], "{read}");
}

/// Deadlines: a past time is refused without --force and changes nothing; a new
/// deadline is mailed to every club in its language; remind and status say when the
/// next reminder goes.
#[test]
fn a_past_deadline_needs_force_and_a_new_one_is_mailed_to_the_clubs() {
    let t = TestCampaign::new();
    let before = t.stdout(&["deadline", "--json"]);
    let a = t.run(&["deadline", "--set", "2026-08-01 21:00"]).failure();
    assert_eq!(code_of(&a), 1);
    assert!(stderr_of(&a).contains("--force"), "{}", stderr_of(&a));
    assert_eq!(t.stdout(&["deadline", "--json"]), before, "nothing changed");
    let set = t.stdout(&["deadline", "--set", "2026-09-10 21:00", "--json"]);
    let set: serde_json::Value = serde_json::from_str(&set).expect("JSON");
    assert_eq!(
        set["deadline_local"], "2026-09-10 21:00 Europe/Rome",
        "{set}"
    );
    let clubs: serde_json::Value =
        serde_json::from_str(&t.stdout(&["club", "list", "--json"])).expect("JSON");
    let with_address = clubs
        .as_array()
        .expect("clubs")
        .iter()
        .filter(|c| !c["emails"].as_array().is_none_or(Vec::is_empty))
        .count();
    assert!(with_address > 0);
    assert_eq!(set["queued"], with_address, "{set}");
    let outbox: serde_json::Value =
        serde_json::from_str(&t.stdout(&["mail", "status", "--json"])).expect("JSON");
    let told: Vec<&serde_json::Value> = outbox
        .as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["kind"] == "deadline")
        .collect();
    assert_eq!(told.len(), with_address);
    assert!(
        told.iter().any(|r| r["subject"]
            .as_str()
            .unwrap_or("")
            .contains("nuovo termine")),
        "Italian clubs read Italian: {told:?}"
    );
    // The same deadline again is not told twice.
    let again: serde_json::Value =
        serde_json::from_str(&t.stdout(&["deadline", "--set", "2026-09-10 21:00", "--json"]))
            .expect("JSON");
    assert_eq!(again["queued"], 0);
    // A past one with --force is taken.
    let forced: serde_json::Value = serde_json::from_str(&t.stdout(&[
        "deadline",
        "--set",
        "2026-08-01 21:00",
        "--force",
        "--json",
    ]))
    .expect("JSON");
    assert_eq!(forced["passed"], true);
    // Before any reminder the next one can go now; after `remind`, tomorrow.
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("JSON");
    assert_eq!(
        status["next_reminder"], "2026-09-01T08:00:00+00:00",
        "{status}"
    );
    let remind: serde_json::Value =
        serde_json::from_str(&t.stdout(&["remind", "--json"])).expect("JSON");
    assert!(remind["queued"].as_u64().unwrap_or(0) > 0, "{remind}");
    assert_eq!(
        remind["next_reminder"], "2026-09-02T00:00:00+00:00",
        "{remind}"
    );
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("JSON");
    assert_eq!(status["next_reminder"], "2026-09-02T00:00:00+00:00");
    assert!(
        t.stdout(&["remind"])
            .contains("next reminder: 2026-09-02 02:00 Europe/Rome")
    );
}

/// `referee = []` is warned by `status` and `mail send` (on stderr), and the warning
/// goes once an address is set.
#[test]
fn no_referee_address_is_warned_by_status_and_mail_send() {
    let t = TestCampaign::new();
    let toml = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&toml)
        .expect("giglio.toml")
        .replace("arbitro@giglio.invalid", "arbitro@giglio.test");
    std::fs::write(&toml, &text).expect("write");
    assert!(text.contains("referee = []"), "{text}");
    for args in [&["status"][..], &["mail", "send", "--to-dir", "out"][..]] {
        let a = t.run(args).success();
        assert!(
            stderr_of(&a).contains("referee = []"),
            "{args:?}: {}",
            stderr_of(&a)
        );
    }
    let status: serde_json::Value =
        serde_json::from_str(&t.stdout(&["status", "--json"])).expect("JSON");
    assert_eq!(
        status["warnings"].as_array().map(Vec::len),
        Some(1),
        "{status}"
    );
    std::fs::write(
        &toml,
        text.replace("referee = []", "referee = [\"arbitro@example.org\"]"),
    )
    .expect("write");
    let a = t.run(&["status"]).success();
    assert!(!stderr_of(&a).contains("warning"), "{}", stderr_of(&a));
}

/// `report --club F --out DIR` writes only F's report; `--bulletin --out` only the
/// bulletin; without either, everything.
#[test]
fn report_out_writes_only_what_was_asked() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let names = |dir: &std::path::Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .expect("the folder")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    };
    let f = t.tmp.path().join("f");
    t.run(&["report", "--club", "F", "--out", f.to_str().expect("UTF-8")])
        .success();
    assert_eq!(names(&f), ["F.html", "F.png", "F.txt"]);
    let b = t.tmp.path().join("b");
    t.run(&["report", "--bulletin", "--out", b.to_str().expect("UTF-8")])
        .success();
    assert_eq!(names(&b), ["bulletin.html", "bulletin.png", "bulletin.txt"]);
    let all = t.tmp.path().join("all");
    t.run(&["report", "--out", all.to_str().expect("UTF-8")])
        .success();
    assert!(names(&all).len() > 6, "{:?}", names(&all));
    let a = t.run(&["report", "--club", "ZZ", "--out", "zz"]).failure();
    assert_eq!(code_of(&a), 1);
}

/// `giglio simulate --chart`: the win and objective rates drawn, one point per nation
/// and line, with the same numbers as `--json`; `.png` gives a PNG.
#[test]
fn simulate_draws_its_rates_as_a_chart() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let svg = tmp.path().join("balance.svg");
    let out = giglio(tmp.path())
        .args([
            "simulate",
            "--runs",
            "4",
            "--years",
            "1",
            "--threads",
            "1",
            "--json",
        ])
        .arg("--chart")
        .arg(&svg)
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    let nations = json["win_rates"].as_object().expect("win rates").len();
    let objectives = json["objective_rates"]
        .as_object()
        .and_then(|o| o.values().next())
        .and_then(|r| r.as_object())
        .map_or(0, |r| r.len());
    let text = std::fs::read_to_string(&svg).expect("the chart written");
    assert!(text.starts_with("<svg"), "an SVG");
    assert_eq!(
        text.matches("class=\"marker ").count(),
        (nations + 1) * (1 + objectives),
        "a point per nation for the wins and each objective, and one in the legend"
    );
    assert!(
        text.contains("class=\"legend\""),
        "the legend beside the data"
    );
    let png = tmp.path().join("balance.png");
    giglio(tmp.path())
        .args(["simulate", "--runs", "2", "--years", "1", "--threads", "1"])
        .arg("--chart")
        .arg(&png)
        .assert()
        .success();
    assert!(
        std::fs::read(&png)
            .expect("written")
            .starts_with(b"\x89PNG")
    );
}

/// `report --lang` shows a club's phase report (and the bulletin) in the other language
/// without `--year`; the referee's report, which has one language, refuses it.
#[test]
fn report_lang_works_for_a_phase_report() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let it = t.stdout(&["report", "--club", "F"]);
    assert!(it.contains("— Rapporto: "), "{it}");
    let en = t.stdout(&["report", "--club", "F", "--lang", "en"]);
    assert!(
        en.contains("— Report: ") && !en.contains("Rapporto"),
        "{en}"
    );
    let it_again = t.stdout(&["report", "--club", "F", "--lang", "it"]);
    assert_eq!(it, it_again);
    let b = t.stdout(&["report", "--bulletin", "--lang", "en"]);
    assert!(b.contains("— Bulletin: "), "{b}");
    let a = t.run(&["report", "--lang", "en"]).failure();
    assert_eq!(code_of(&a), 1);
    assert!(stderr_of(&a).contains("--lang"), "{}", stderr_of(&a));
}

/// The referee's report speaks the referee's language, `[mail] referee_lang` in
/// giglio.toml (issue 29 point 7): English as before the key existed, Italian when set,
/// its phase named in running text, nothing left in the other language.
#[test]
fn the_referees_report_speaks_the_referees_language() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let en = t.stdout(&["report"]);
    assert!(
        en.contains("— referee's report: spring 1494")
            && en.contains("== outcomes")
            && en.contains("== nations"),
        "{en}"
    );
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    assert!(text.contains("# referee_lang = \"it\""), "{text}");
    std::fs::write(
        &config,
        text.replace("# referee_lang = \"it\"", "referee_lang = \"it\""),
    )
    .unwrap();
    let it = t.stdout(&["report"]);
    for said in [
        "— rapporto dell'arbitro: primavera 1494",
        "aperta ora: turno 1 (marzo) del 1494",
        "== esiti",
        "== avvenimenti, ciascuno come lo legge chi lo vede",
        "== nazioni",
        "tesoro ",
    ] {
        assert!(it.contains(said), "`{said}` missing:\n{it}");
    }
    for english in [
        "referee's report",
        "== outcomes",
        "treasury",
        "open now",
        "[public]",
    ] {
        assert!(!it.contains(english), "`{english}` in:\n{it}");
    }
}

/// The referee's mailed report carries the bulletin in the report's language (a
/// play-test: an English report came with the Italian `bollettino.txt`), and its subject
/// names the campaign in that language.
#[test]
fn the_referees_mail_carries_the_bulletin_in_the_referees_language() {
    use mail_parser::{MessageParser, MimeHeaders};
    let t = TestCampaign::new();
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    std::fs::write(
        &config,
        text.replace("referee = []", "referee = [\"arbitro@example.org\"]"),
    )
    .unwrap();
    t.run(&["resolve", "--force"]).success();
    let out = t.tmp.path().join("out");
    t.run(&["mail", "send", "--to-dir", out.to_str().unwrap()])
        .success();
    let referee: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| std::fs::read(e.unwrap().path()).unwrap())
        .filter(|raw| String::from_utf8_lossy(raw).contains("To: arbitro@example.org"))
        .collect();
    assert_eq!(referee.len(), 1, "one referee's report");
    let m = MessageParser::default().parse(&referee[0]).unwrap();
    let names: Vec<String> = m
        .attachments()
        .filter_map(|a| a.attachment_name().map(str::to_owned))
        .collect();
    assert_eq!(names, ["bulletin.txt"], "{names:?}");
    let bulletin = m.attachments().next().unwrap().text_contents().unwrap();
    assert!(
        bulletin.contains("spring 1494") && !bulletin.contains("primavera"),
        "{bulletin}"
    );
    assert!(
        m.subject().unwrap().contains("referee"),
        "{:?}",
        m.subject()
    );
}

/// `report --format html` on standard output carries its map inside the page (a data:
/// URI holding a PNG), not a link to a picture nobody wrote.
#[test]
fn report_html_on_stdout_embeds_its_map() {
    use base64::Engine;
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    for (args, file) in [
        (&["report", "--club", "F", "--format", "html"][..], "F.png"),
        (
            &["report", "--bulletin", "--format", "html"][..],
            "bulletin.png",
        ),
    ] {
        // The template escapes `/` in attributes, as HTML allows.
        let html = t.stdout(args).replace("&#x2f;", "/");
        assert!(!html.contains(file), "{args:?} names {file}");
        let at = html
            .find("src=\"data:image/png;base64,")
            .expect("an embedded map");
        let rest = &html[at + "src=\"data:image/png;base64,".len()..];
        let b64 = &rest[..rest.find('"').expect("the end of src")];
        let png = base64::engine::general_purpose::STANDARD
            .decode(b64)
            .expect("base64");
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{args:?}: a PNG");
    }
    assert!(t.tmp.path().read_dir().expect("tmp").all(|e| {
        !e.expect("entry")
            .file_name()
            .to_string_lossy()
            .ends_with(".png")
    }));
    assert!(!t.dir.join("F.png").exists());
}

/// An SMTP setting that cannot work stops `mail send` before the first message, named
/// at its line in giglio.toml (or by the environment variable that set it); `status`
/// warns of it beforehand.
#[test]
fn an_smtp_setting_that_cannot_work_is_named_before_anything_is_sent() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let toml = t.dir.join("giglio.toml");
    let base = std::fs::read_to_string(&toml)
        .expect("giglio.toml")
        .replace("arbitro@giglio.invalid", "arbitro@giglio.test");
    let queued = |t: &TestCampaign| t.stdout(&["mail", "status", "--only", "queued"]);
    let before = queued(&t);
    // (the [smtp] table written at the end, the line the message must name, what it says)
    let cases: [(&str, usize, &str); 8] = [
        (
            "host = \"\"\n",
            1,
            "[smtp] host: the SMTP server has no host name",
        ),
        (
            "host = \"smtp://mail.example.org\"\n",
            1,
            "[smtp] host: `smtp://mail.example.org` is not a host name (a URL)",
        ),
        (
            "host = \"mail.example.org:587\"\n",
            1,
            "(a port written into it)",
        ),
        (
            "host = \"127.0.0.1\"\nport = 0\n",
            2,
            "[smtp] port: port 0 is no port",
        ),
        (
            "host = \"127.0.0.1\"\nport = 587\nsecurity = \"tls\"\n",
            3,
            "security = \"tls\" on port 587",
        ),
        (
            "host = \"127.0.0.1\"\nport = 465\n",
            2,
            "security = \"starttls\" on port 465",
        ),
        (
            "host = \"127.0.0.1\"\npassword = \"pw\"\n",
            2,
            "[smtp] password: a password is set but no user",
        ),
        (
            "host = \"no-such-host.invalid\"\n",
            1,
            "[smtp] host: the SMTP server `no-such-host.invalid` cannot be found",
        ),
    ];
    let first = base.lines().count() + 3;
    for (table, line, says) in cases {
        std::fs::write(&toml, format!("{base}\n[smtp]\n{table}")).expect("write");
        let a = t.run(&["mail", "send"]).failure();
        assert_eq!(code_of(&a), 1, "{table}");
        let err = stderr_of(&a);
        let at = format!("giglio.toml:{}: ", first + line - 1);
        assert!(
            err.contains(&at) && err.contains(says),
            "{table}: want {at}…{says}: {err}"
        );
        assert_eq!(queued(&t), before, "{table}: nothing was sent");
        if !table.contains(".invalid") {
            let s = t.run(&["status"]).success();
            assert!(stderr_of(&s).contains(says), "status: {}", stderr_of(&s));
        }
    }
    // Set by the environment, it is named by its variable.
    std::fs::write(&toml, &base).expect("write");
    let a = giglio(t.tmp.path())
        .arg("-C")
        .arg(&t.dir)
        .args(["mail", "send"])
        .env("GIGLIO_SMTP_HOST", "127.0.0.1")
        .env("GIGLIO_SMTP_PORT", "0")
        .assert()
        .failure();
    assert!(
        stderr_of(&a).contains("GIGLIO_SMTP_PORT: port 0"),
        "{}",
        stderr_of(&a)
    );
    // An unknown TLS mode is refused at its line and column by the TOML reader.
    std::fs::write(
        &toml,
        format!("{base}\n[smtp]\nhost = \"127.0.0.1\"\nsecurity = \"ssl\"\n"),
    )
    .expect("write");
    let a = t.run(&["mail", "send"]).failure();
    let err = stderr_of(&a);
    assert!(
        err.contains("giglio.toml")
            && err.contains(&format!("line {}", first + 1))
            && err.contains("ssl"),
        "{err}"
    );
    assert_eq!(queued(&t), before);
}

/// Colour: `status`, `victory` and diagnostics are painted when colour is forced
/// (`CLICOLOR_FORCE`, as on a terminal), plain when piped or under `NO_COLOR` (which
/// wins over forcing); JSON is never painted.
#[test]
fn colour_is_for_terminals_and_never_for_pipes_or_no_color() {
    let t = TestCampaign::new();
    std::fs::write(t.tmp.path().join("bad.toml"), "club = \"F\"\nphase = 3\n").expect("write");
    let esc = |b: &[u8]| b.contains(&0x1b);
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let mut cmd = giglio(t.tmp.path());
        cmd.arg("-C").arg(&t.dir).args(args);
        cmd.env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE")
            .env_remove("CLICOLOR");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.output().expect("run giglio")
    };
    let force = [("CLICOLOR_FORCE", "1")];
    let both = [("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")];
    for args in [&["status"][..], &["victory"][..]] {
        assert!(!esc(&run(args, &[]).stdout), "{args:?} piped");
        assert!(
            !esc(&run(args, &[("NO_COLOR", "1")]).stdout),
            "{args:?} NO_COLOR"
        );
        assert!(!esc(&run(args, &both).stdout), "{args:?} NO_COLOR wins");
        let forced = run(args, &force);
        assert!(
            esc(&forced.stdout),
            "{args:?} forced: {}",
            String::from_utf8_lossy(&forced.stdout)
        );
    }
    let bad = ["orders", "check", "bad.toml"];
    assert!(!esc(&run(&bad, &[]).stderr));
    assert!(!esc(&run(&bad, &[("NO_COLOR", "1")]).stderr));
    let forced = run(&bad, &force);
    assert!(
        esc(&forced.stderr),
        "{}",
        String::from_utf8_lossy(&forced.stderr)
    );
    for args in [&["status", "--json"][..], &["victory", "--json"][..]] {
        let out = run(args, &force);
        assert!(!esc(&out.stdout), "{args:?}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON");
    }
}

/// Issue 31, point 6: every figure `giglio simulate` prints is non-zero where a demo year
/// shows it (it printed "sieges per year: 0.0" on every run, counting a siege event the
/// shipped rulings no longer produce): the demo's first year has battles and siege
/// rounds, and every nation ends it with ducats; so must the simulation's first year.
#[test]
fn simulate_shows_what_a_demo_year_shows() {
    use giglio::rules::outcome::Happening;
    let tmp = tempfile::tempdir().expect("a temporary directory");
    giglio(tmp.path())
        .args(["demo", "d", "--years", "1"])
        .assert()
        .success();
    let store = giglio::storage::Store::open_read(&tmp.path().join("d")).expect("open");
    let (mut battles, mut sieges) = (0usize, 0usize);
    for p in store.phases().expect("phases") {
        let Some(r) = store.resolution(&p.id.key()).expect("resolution") else {
            continue;
        };
        for e in &r.events {
            match &e.what {
                Happening::BattleFought { .. } => battles += 1,
                Happening::SiegeRound { .. } | Happening::SiegeRoll { .. } => sieges += 1,
                _ => {}
            }
        }
    }
    // A table battle is fought after its round: count the battles the phases opened with.
    let mut ids = std::collections::BTreeSet::new();
    for p in store.phases().expect("phases") {
        ids.extend(p.opening.battles.iter().map(|b| b.id.clone()));
    }
    battles += ids.len();
    assert!(sieges > 0, "the demo year has sieges");
    let out = giglio(tmp.path())
        .args([
            "simulate",
            "--runs",
            "4",
            "--years",
            "1",
            "--threads",
            "1",
            "--json",
        ])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    let first = |k: &str| json[k][0].as_f64().unwrap_or(0.0);
    if battles > 0 {
        assert!(first("mean_battles_per_year") > 0.0, "{json}");
    }
    assert!(first("mean_sieges_per_year") > 0.0, "{json}");
    let treasuries = json["mean_treasury"].as_object().expect("treasuries");
    assert!(!treasuries.is_empty());
    assert!(
        treasuries.values().all(|t| t.as_f64().unwrap_or(0.0) > 0.0),
        "{json}"
    );
    // The printed figures are the same numbers.
    let text = giglio(tmp.path())
        .args(["simulate", "--runs", "4", "--years", "1", "--threads", "1"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&text.get_output().stdout).into_owned();
    let line = text
        .lines()
        .find(|l| l.starts_with("sieges per year:"))
        .expect("the sieges line");
    assert_ne!(line.split(':').nth(1).map(str::trim), Some("0.0"), "{text}");
}

/// Issue 29 (a playtest): a club's report lists its orders in the order of its file
/// (#1, #2…), not the order the rules resolved them in (a stance before a move).
#[test]
fn a_report_lists_the_clubs_orders_as_its_file_numbers_them() {
    let t = TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.submit_all(
        "1494-r01",
        &[(
            "V",
            "[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n\n[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n",
        )],
    );
    t.run(&["resolve"]).success();
    let report = t.stdout(&["report", "--club", "V", "--lang", "en"]);
    let first = report.find("  #1 ").expect("order #1 listed");
    let second = report.find("  #2 ").expect("order #2 listed");
    assert!(first < second, "{report}");
}
