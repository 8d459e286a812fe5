//! The campaign in public (issue 34) on the real binary: `giglio site` over a played
//! demo year (every page parses as HTML without an error, every picture as SVG, the
//! feed is Atom with an entry per phase, no file fetches anything from outside, no
//! file tells a club's hidden facts), the home page in real Chromium at 420 and 1200 px
//! (screenshots under target/page-screenshots/), and `[site] out` rewriting the site
//! whole after every `giglio resolve`.

use crate::common::{TestCampaign, giglio};
use giglio::scenario::{self, Source};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A clock the feed can carry.
const NOW: &str = "2026-03-01T08:00:00Z";

/// One demo campaign played through 1494 and its site, shared by the tests here.
struct Played {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
    site: PathBuf,
    /// What `giglio site --json` said.
    said: serde_json::Value,
}

fn played() -> &'static Played {
    static P: OnceLock<Played> = OnceLock::new();
    P.get_or_init(|| {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        giglio(tmp.path())
            .env("GIGLIO_NOW", NOW)
            .args(["demo", "d", "--years", "1"])
            .assert()
            .success();
        let dir = tmp.path().join("d");
        let site = tmp.path().join("public");
        let out = giglio(tmp.path())
            .env("GIGLIO_NOW", NOW)
            .arg("-C")
            .arg(&dir)
            .args(["site", "--out"])
            .arg(&site)
            .arg("--json")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let said = serde_json::from_slice(&out).expect("JSON");
        Played {
            _tmp: tmp,
            dir,
            site,
            said,
        }
    })
}

/// Every file under `dir`, by path relative to it.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("a folder") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                let rel = p.strip_prefix(dir).expect("inside").to_string_lossy();
                out.insert(rel.into_owned(), std::fs::read(&p).expect("a file"));
            }
        }
    }
    out
}

/// The parse errors html5ever meets in a page (the browsers' algorithm).
pub fn html_errors(html: &str) -> Vec<String> {
    use html5ever::tendril::TendrilSink;
    let dom = html5ever::parse_document(
        markup5ever_rcdom::RcDom::default(),
        html5ever::ParseOpts::default(),
    )
    .one(html);
    dom.errors.borrow().iter().map(|e| e.to_string()).collect()
}

/// The phase keys the demo resolved (every phase of 1494), from `giglio history`.
fn resolved_keys(dir: &Path) -> Vec<String> {
    let out = giglio(dir)
        .arg("-C")
        .arg(dir)
        .args(["history", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    rows.as_array()
        .expect("rows")
        .iter()
        .filter(|r| !r["resolved_at"].is_null())
        .map(|r| r["phase"].as_str().expect("a key").to_owned())
        .collect()
}

#[test]
fn the_site_of_a_played_year_holds_every_phase_in_both_languages_and_parses() {
    let p = played();
    let keys = resolved_keys(&p.dir);
    assert_eq!(keys.len(), 12, "1494: spring, ten rounds, winter: {keys:?}");
    let all = files(&p.site);
    let listed: Vec<&str> = p.said["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| f.as_str().expect("a path"))
        .collect();
    assert_eq!(listed.len(), all.len(), "the JSON names every file written");
    assert_eq!(p.said["phases"], 12);
    assert_eq!(p.said["over"], false);
    for k in &keys {
        for lang in ["it", "en"] {
            assert!(
                all.contains_key(&format!("maps/{lang}/{k}.svg")),
                "{lang} map of {k}"
            );
            assert!(all.contains_key(&format!("{lang}/{k}.html")), "{lang}/{k}");
        }
    }
    // A battle whose result came in a later phase is listed under the bulletin that
    // told it, and names the round it was fought in (play-test 45 read May's date for
    // an April battle).
    let home = String::from_utf8_lossy(&all["en/index.html"]).into_owned();
    let list = home
        .split("<ul id=\"battles\">")
        .nth(1)
        .and_then(|l| l.split("</ul>").next())
        .expect("the list of battles");
    let mut late = 0;
    for item in list.split("<li><a href=\"").skip(1) {
        let key = item.split(".html").next().expect("a bulletin's key");
        let Some(id) = item
            .split("battle ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
        else {
            continue;
        };
        if !id.starts_with(&format!("{key}-")) {
            late += 1;
            let round = id.rsplit_once('-').map(|(k, _)| k).expect("the id's round");
            let n: u32 = round
                .rsplit('r')
                .next()
                .and_then(|n| n.parse().ok())
                .expect("a round");
            assert!(item.contains(&format!(": fought in round {n} (")), "{item}");
        } else {
            assert!(!item.contains("fought in"), "{item}");
        }
    }
    assert!(
        late > 0,
        "the demo year has a battle told after its round:\n{home}"
    );
    // Each language's map is drawn in it: its legend (a play-test's English pages
    // showed the Italian map).
    let legend = |lang: &str| {
        String::from_utf8_lossy(&all[&format!("maps/{lang}/{}.svg", keys[0])]).into_owned()
    };
    assert!(legend("en").contains(">fortress<") && !legend("en").contains(">fortezza<"));
    assert!(legend("it").contains(">fortezza<"));
    for lang in ["it", "en"] {
        assert!(all.contains_key(&format!("{lang}/chronicle-1494.html")));
        assert!(all.contains_key(&format!("{lang}/index.html")));
    }
    assert!(
        !html_errors("<!DOCTYPE html><p>a</div>").is_empty(),
        "the parser reports errors (the check can fail)"
    );
    let mut pages = 0;
    for (path, bytes) in &all {
        let text = std::str::from_utf8(bytes).unwrap_or_else(|_| panic!("{path}: UTF-8"));
        // No external fetch: every link and picture is a file of the site.
        for needle in ["src=\"http", "href=\"http", "url(http", "@import"] {
            assert!(
                !text.contains(needle),
                "{path} fetches from outside: {needle}"
            );
        }
        if path.ends_with(".html") {
            pages += 1;
            let errors = html_errors(text);
            assert!(
                errors.is_empty(),
                "{path} does not parse cleanly: {errors:?}"
            );
            for link in local_links(text) {
                let base = Path::new(path).parent().expect("a folder");
                let target = normalise(&base.join(&link));
                assert!(
                    all.contains_key(&target),
                    "{path} links to {link}, which the site does not hold"
                );
            }
        } else if path.ends_with(".svg") || path.ends_with(".xml") {
            roxmltree::Document::parse(text).unwrap_or_else(|e| panic!("{path}: {e}"));
        }
    }
    assert_eq!(
        pages,
        1 + 2 * (12 + 1 + 1),
        "the root, bulletins, chronicle, homes"
    );
    let home = std::str::from_utf8(&all["en/index.html"]).expect("UTF-8");
    assert!(home.contains("id=\"season\""), "the season's slider");
    assert!(home.contains("id=\"chart\""), "the holdings chart");
    assert!(home.contains("<ul id=\"battles\">"), "the battles of 1494");
    // The dice check the guides send clubs to, as the repository holds it.
    assert_eq!(
        all["roll.py"],
        std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/roll.py")).expect("roll.py"),
    );
    assert!(
        home.contains("<a href=\"../roll.py\" download>roll.py</a>"),
        "{home}"
    );
    assert!(
        !home.contains("id=\"verdict\""),
        "no verdict before the end"
    );
    assert!(
        !all.keys().any(|k| k.contains("reveal")),
        "no reveal before the end"
    );
}

/// The `href` and `src` values of a page that point inside the site.
fn local_links(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        for (i, _) in html.match_indices(attr) {
            let rest = &html[i + attr.len()..];
            let v = &rest[..rest.find('"').expect("a closing quote")];
            if !v.is_empty() && !v.starts_with('#') && !v.starts_with("data:") {
                // As the browser reads the attribute (the templates escape `/`).
                out.push(v.replace("&#x2f;", "/").replace("&amp;", "&"));
            }
        }
    }
    out
}

/// `a/../b` as `b`.
fn normalise(p: &Path) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for c in p.components() {
        match c.as_os_str().to_str().expect("UTF-8") {
            ".." => {
                parts.pop();
            }
            "." => {}
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// The Atom children of `n` named `name`.
fn child<'a, 'i>(n: roxmltree::Node<'a, 'i>, name: &str) -> Vec<roxmltree::Node<'a, 'i>> {
    n.children()
        .filter(|c| {
            c.tag_name().name() == name
                && c.tag_name().namespace() == Some("http://www.w3.org/2005/Atom")
        })
        .collect()
}

#[test]
fn the_feed_is_atom_with_an_entry_per_phase_in_each_language() {
    let p = played();
    let keys = resolved_keys(&p.dir);
    const ATOM: &str = "http://www.w3.org/2005/Atom";
    for lang in ["it", "en"] {
        let path = p.site.join(lang).join("feed.xml");
        let text = std::fs::read_to_string(&path).expect("the feed");
        let doc = roxmltree::Document::parse(&text).expect("XML");
        let feed = doc.root_element();
        assert_eq!(feed.tag_name().name(), "feed");
        assert_eq!(feed.tag_name().namespace(), Some(ATOM));
        // RFC 4287 4.1.1: one id, title and updated; an author; a self link.
        for name in ["id", "title", "updated"] {
            assert_eq!(child(feed, name).len(), 1, "{lang}: the feed's {name}");
        }
        assert!(
            !child(feed, "author").is_empty(),
            "{lang}: the feed's author"
        );
        assert!(
            child(feed, "link")
                .iter()
                .any(|l| l.attribute("rel") == Some("self")),
            "{lang}: a self link"
        );
        let entries = child(feed, "entry");
        assert_eq!(entries.len(), keys.len(), "{lang}: an entry per phase");
        let mut ids = std::collections::BTreeSet::new();
        for e in &entries {
            for name in ["id", "title", "updated", "content"] {
                assert_eq!(child(*e, name).len(), 1, "{lang}: an entry's {name}");
            }
            let id = child(*e, "id")[0].text().expect("an id").to_owned();
            assert!(id.starts_with("urn:giglio:"), "an IRI: {id}");
            assert!(ids.insert(id), "ids are unique");
            let updated = child(*e, "updated")[0].text().expect("a date");
            assert!(
                chrono::DateTime::parse_from_rfc3339(updated).is_ok(),
                "RFC 3339: {updated}"
            );
            let link = child(*e, "link")[0].attribute("href").expect("href");
            assert!(
                p.site.join(lang).join(link).is_file(),
                "{lang}: the entry's page {link}"
            );
        }
        // Newest first: the winter leads.
        let first = child(entries[0], "link")[0].attribute("href");
        assert_eq!(first, Some("1494-winter.html"));
    }
    // Where the site's address is given, the links are absolute.
    let at = p.site.with_file_name("at-url");
    giglio(&p.dir)
        .arg("-C")
        .arg(&p.dir)
        .args(["site", "--url", "https://example.org/campagna/", "--out"])
        .arg(&at)
        .assert()
        .success();
    let feed = std::fs::read_to_string(at.join("en/feed.xml")).expect("the feed");
    assert!(
        feed.contains("href=\"https://example.org/campagna/en/1494-winter.html\""),
        "{feed}"
    );
}

/// Every hidden fact the export holds that can show as text: armies', fleets' and
/// diplomats' ids, objectives' and winter events' names (G7.4).
fn hidden_of(dir: &Path) -> Vec<String> {
    let out = giglio(dir)
        .arg("-C")
        .arg(dir)
        .arg("export")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    let campaign = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
    let mut hidden = Vec::new();
    for n in v["nations"].as_array().expect("nations") {
        for kind in ["armies", "fleets", "diplomats"] {
            for piece in n[kind].as_array().expect("pieces") {
                hidden.push(piece["id"].as_str().expect("an id").to_owned());
            }
        }
        if let Some(kind) = n["objective"]["kind"].as_str() {
            let o = campaign
                .tables
                .victory
                .objective
                .iter()
                .find(|o| {
                    serde_json::to_value(o.id)
                        .ok()
                        .as_ref()
                        .and_then(|v| v.as_str())
                        == Some(kind)
                })
                .expect("a known objective");
            hidden.extend([o.name_it.clone(), o.name_en.clone()]);
        }
        for id in n["events"].as_array().expect("events") {
            let e = campaign
                .tables
                .events
                .entry
                .iter()
                .find(|e| Some(e.id.as_str()) == id.as_str())
                .expect("a known event");
            hidden.extend([e.name_it.clone(), e.name_en.clone()]);
        }
    }
    hidden
}

/// `needle` standing as a whole word in `text` (`V-A1` is not in `SV-A1`).
fn shows(text: &str, needle: &str) -> bool {
    let inside = |c: char| c.is_ascii_alphanumeric() || c == '-';
    text.match_indices(needle).any(|(i, _)| {
        !text[..i].chars().next_back().is_some_and(inside)
            && !text[i + needle.len()..].chars().next().is_some_and(inside)
    })
}

#[test]
fn no_file_of_the_site_tells_a_hidden_fact_before_the_end() {
    let p = played();
    let hidden = hidden_of(&p.dir);
    assert!(
        hidden.iter().any(|h| h.contains("-A")),
        "the check has armies to look for: {hidden:?}"
    );
    let all = files(&p.site);
    let mut leaks = Vec::new();
    for (path, bytes) in &all {
        let text = String::from_utf8_lossy(bytes);
        for h in &hidden {
            if shows(&text, h) {
                leaks.push(format!("{path}: {h}"));
            }
        }
    }
    assert!(leaks.is_empty(), "the site tells: {leaks:?}");
}

#[test]
fn the_home_page_in_chromium_at_420_and_1200_shows_the_map_slider_and_chart() {
    use crate::common::webdriver::Driver;
    let p = played();
    let d = Driver::start();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/page-screenshots");
    std::fs::create_dir_all(&dir).expect("create target/page-screenshots");
    for lang in ["it", "en"] {
        let url = format!(
            "file://{}",
            std::fs::canonicalize(p.site.join(lang).join("index.html"))
                .expect("the home page")
                .display()
        );
        d.run(d.client.goto(&url)).expect("open the site");
        const MEASURE: &str = "const done = arguments[arguments.length - 1];\
            const img = document.getElementById('season-map');\
            const slider = document.getElementById('season');\
            img.decode().then(() => {\
              const loaded = img.naturalWidth;\
              slider.value = '0'; slider.dispatchEvent(new Event('input'));\
              done({ loaded: loaded, first: img.getAttribute('src'),\
                     label: document.getElementById('season-phase').textContent,\
                     max: Number(slider.max), scroll: document.documentElement.scrollWidth,\
                     inner: innerWidth,\
                     chart: document.querySelector('#chart svg').getBoundingClientRect().width });\
            }, (e) => done({ error: String(e) }));";
        for width in [420u32, 1200] {
            d.run(d.client.set_window_size(width, 1600))
                .expect("resize");
            d.run(d.client.goto(&url)).expect("open the site");
            let page = d.run(d.client.screenshot()).expect("a screenshot");
            std::fs::write(dir.join(format!("site-{lang}-{width}.png")), &page).expect("write it");
            let m = d
                .run(d.client.execute_async(MEASURE, vec![]))
                .expect("measure the page");
            assert!(
                m.get("error").is_none(),
                "{lang} {width}: the map did not load: {m}"
            );
            let f = |k: &str| m[k].as_f64().unwrap_or_else(|| panic!("{k} in {m}"));
            assert!(f("loaded") > 500.0, "{lang} {width}: the map drew: {m}");
            assert_eq!(f("max"), 11.0, "{lang} {width}: twelve frames: {m}");
            assert_eq!(
                m["first"].as_str(),
                Some(format!("../maps/{lang}/1494-spring.svg").as_str()),
                "{lang} {width}: the slider shows the first phase: {m}"
            );
            assert!(
                f("scroll") <= f("inner"),
                "{lang} {width}: nothing scrolls sideways: {m}"
            );
            assert!(
                f("chart") > 0.0 && f("chart") <= f("inner"),
                "{lang} {width}: the chart fits: {m}"
            );
            let shot = resvg::tiny_skia::Pixmap::decode_png(&page).expect("a PNG");
            assert_eq!(shot.width(), width, "{lang}: the window's width");
        }
    }
}

/// A campaign whose giglio.toml keeps a site in `public/`.
fn with_site() -> TestCampaign {
    let t = TestCampaign::new();
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).expect("giglio.toml");
    assert!(text.contains("# out = \"public\""), "the template says how");
    std::fs::write(
        &config,
        text.replace("# out = \"public\"", "out = \"public\""),
    )
    .expect("write giglio.toml");
    t
}

#[test]
fn resolve_rewrites_the_site_whole_after_every_phase_where_giglio_toml_names_one() {
    let t = with_site();
    let public = t.dir.join("public");
    assert!(!public.exists(), "no site before a phase");
    t.run(&["resolve", "--force"]).success();
    assert!(
        public.join("it/1494-spring.html").is_file(),
        "the first bulletin"
    );
    assert!(public.join("maps/it/1494-spring.svg").is_file());
    // Something left in the folder by hand goes with the old site: the new one is
    // written beside it and swapped in whole.
    std::fs::write(public.join("stale.txt"), "old").expect("write");
    t.run(&["resolve", "--force"]).success();
    let all = files(&public);
    assert!(all.contains_key("en/1494-r01.html"), "the second bulletin");
    assert!(!all.contains_key("stale.txt"), "the old folder went whole");
    let feed = String::from_utf8_lossy(&all["en/feed.xml"]).into_owned();
    assert_eq!(feed.matches("<entry>").count(), 2, "an entry per phase");
    let beside: Vec<String> = std::fs::read_dir(&t.dir)
        .expect("the campaign")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".public"))
        .collect();
    assert!(beside.is_empty(), "no folder left beside it: {beside:?}");
    // Undoing a phase takes it off the site.
    t.run(&["undo"]).success();
    assert!(
        !public.join("en/1494-r01.html").exists(),
        "the phase undone"
    );
    assert!(public.join("en/1494-spring.html").is_file());
    // A folder that is not a site is never replaced.
    std::fs::create_dir_all(t.dir.join("mine")).expect("a folder");
    std::fs::write(t.dir.join("mine/notes.txt"), "mine").expect("write");
    t.run(&["site", "--out", t.dir.join("mine").to_str().expect("UTF-8")])
        .failure();
    assert!(t.dir.join("mine/notes.txt").is_file(), "left alone");
}

#[test]
fn a_pass_of_giglio_run_that_resolves_a_phase_rewrites_the_site() {
    let t = with_site();
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).expect("giglio.toml");
    // No outage: the one pass below comes after the deadline, as at any cron tick.
    std::fs::write(
        &config,
        text.replace("outage_minutes = 60", "outage_minutes = 100000000"),
    )
    .expect("write giglio.toml");
    t.run(&["deadline", "--set", "2026-09-02 21:00"]).success();
    let out = giglio(t.tmp.path())
        .env("GIGLIO_NOW", "2026-09-03T08:00:00Z")
        .arg("-C")
        .arg(&t.dir)
        .args(["run", "--once", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let pass: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    assert!(
        pass["actions"]
            .as_array()
            .expect("actions")
            .iter()
            .any(|a| a["action"] == "resolved"),
        "{pass}"
    );
    assert!(
        pass["problems"].as_array().expect("problems").is_empty(),
        "{pass}"
    );
    let public = t.dir.join("public");
    assert!(public.join("it/1494-spring.html").is_file(), "{pass}");
    assert!(public.join("en/feed.xml").is_file());
}

#[test]
fn archiving_delivered_mail_loses_nothing_from_the_site() {
    let t = with_site();
    t.run(&["resolve", "--force"]).success();
    t.run(&["resolve", "--force"]).success();
    let before = files(&t.dir.join("public"));
    let sent = t.tmp.path().join("sent");
    t.run(&["mail", "send", "--to-dir", sent.to_str().expect("UTF-8")])
        .success();
    let mbox = t.tmp.path().join("old.mbox");
    t.run(&[
        "mail",
        "archive",
        "--before",
        "1494-r02",
        "--to",
        mbox.to_str().expect("UTF-8"),
    ])
    .success();
    assert!(mbox.is_file(), "the delivered mail left the campaign file");
    let again = t.tmp.path().join("again");
    t.run(&["site", "--out", again.to_str().expect("UTF-8")])
        .success();
    let after = files(&again);
    assert_eq!(
        before.keys().collect::<Vec<_>>(),
        after.keys().collect::<Vec<_>>()
    );
    for (path, bytes) in &before {
        assert!(after[path] == *bytes, "{path} changed");
    }
}
