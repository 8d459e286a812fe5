//! End-to-end tests of the real `giglio` binary: one section per subcommand.

use crate::common::{TestCampaign, code_of, giglio, stderr_of};

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

/// A campaign file a later giglio wrote is refused by this one with both versions and
/// what to do, and left as it was (a play-test's referee read only "cannot be migrated").
#[test]
fn a_campaign_from_a_later_giglio_is_refused_with_both_versions_and_a_hint() {
    let t = TestCampaign::new();
    let db = t.dir.join("giglio.sqlite");
    {
        let conn = rusqlite::Connection::open(&db).expect("db");
        conn.pragma_update(None, "user_version", 99)
            .expect("version");
    }
    let a = t.run(&["status"]).failure();
    assert_eq!(code_of(&a), 1, "{}", stderr_of(&a));
    let err = stderr_of(&a);
    assert!(
        err.contains("was written by a later giglio: its database is at version 99")
            && err.contains(&format!("this giglio ({})", env!("CARGO_PKG_VERSION"))),
        "{err}"
    );
    assert!(
        err.contains("Hint: run the giglio that last wrote this campaign"),
        "{err}"
    );
    let conn = rusqlite::Connection::open(&db).expect("db");
    let v: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .expect("version");
    assert_eq!(v, 99, "nothing changed");
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
    // One order refused, the others said valid (a play-test's club could not tell).
    let g = t.orders_file(
        "g.toml",
        "V",
        "1494-spring",
        "objective = { kind = \"most_cities\" }\n\n[[raise]]\nnode = \"V0\"\nvalue = 100\n\n[[raise]]\nnode = \"V0\"\nvalue = 99999\n",
    );
    let a = t.run(&["orders", "check", &g]).failure();
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(
        err.contains("g.toml: 1 problema; gli altri 2 ordini sono validi"),
        "{err}"
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

// ---- log ----------------------------------------------------------------------------

#[test]
fn log_shows_the_journal_and_the_dice() {
    let t = TestCampaign::new();
    let text = t.stdout(&["log"]);
    assert!(
        text.contains(
            "2026-09-01 10:00:00 Europe/Rome [new campaign] new campaign `il-giglio`, opening 1494 spring"
        ),
        "times in the campaign's zone, as the digests give them: {text}"
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
