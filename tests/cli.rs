//! End-to-end tests of the real `giglio` binary: one section per subcommand.

use crate::common::{TestCampaign, code_of, giglio, stderr_of};

// ---- demo -------------------------------------------------------------------------

#[test]
fn demo_creates_a_campaign_and_draws_its_map_with_no_server() {
    let tmp = tempfile::tempdir().expect("tmp");
    let a = giglio(tmp.path()).args(["demo", "d"]).assert().success();
    let out = String::from_utf8_lossy(&a.get_output().stdout).into_owned();
    assert!(out.contains("1494 spring"), "{out}");
    assert!(out.contains("waiting for: spring orders"), "{out}");
    let svg = std::fs::read_to_string(tmp.path().join("d/map.svg")).expect("map.svg written");
    roxmltree::Document::parse(&svg).expect("the map is well-formed SVG");
    // Running it again replaces the previous demo.
    giglio(tmp.path()).args(["demo", "d"]).assert().success();
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
        text.contains("waiting for: spring orders from F, HRI, M, P, S, SV, T, V"),
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
    let armies = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("army"))
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

// ---- log ----------------------------------------------------------------------------

#[test]
fn log_shows_the_journal_and_the_dice() {
    let t = TestCampaign::new();
    let text = t.stdout(&["log"]);
    assert!(
        text.contains(
            "1494-09-01T08:00:00Z [new campaign] new campaign `il-giglio`, opening 1494 spring"
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
