//! The reveal (issue 34) on the real binary: after the last winter `giglio resolve`
//! queues it to every club and the referee and the site gains it (a campaign cut to one
//! year), and `giglio reveal` sends it for a five-year demo that ended without it: each
//! club's objective, every phase's referee's map, orders and dice, and the season as a
//! film of at most 5 MB, one frame a phase, attached to every mail.

use crate::common::{TestCampaign, giglio};
use crate::json_contract::{check, validators};
use crate::site::html_errors;
use giglio::scenario::{self, Source};
use std::path::Path;

/// The reveal mails in the outbox, from `giglio mail status --json`.
fn reveal_rows(t: &Path) -> Vec<serde_json::Value> {
    let out = giglio(t)
        .arg("-C")
        .arg(t)
        .args(["mail", "status", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: serde_json::Value = serde_json::from_slice(&out).expect("JSON");
    rows.as_array()
        .expect("rows")
        .iter()
        .filter(|r| r["kind"] == "reveal")
        .cloned()
        .collect()
}

/// The frames of a film, after checking it is one SVG document.
fn frames(svg: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("the film is XML");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some("frame"))
        .count()
}

#[test]
fn resolving_the_last_winter_reveals_everything_to_every_club_and_on_the_site() {
    let t = TestCampaign::new();
    let rules = t.dir.join("campaign/rules.toml");
    let text = std::fs::read_to_string(&rules).expect("rules.toml");
    assert!(text.contains("years = 5"), "{text}");
    std::fs::write(&rules, text.replacen("years = 5", "years = 1", 1)).expect("one year");
    let config = t.dir.join("giglio.toml");
    let text = std::fs::read_to_string(&config).expect("giglio.toml");
    std::fs::write(
        &config,
        text.replace("# out = \"public\"", "out = \"public\"")
            .replace("referee = []", "referee = [\"arbitro@example.org\"]"),
    )
    .expect("write giglio.toml");
    // Venice writes Milan an unsigned letter in the spring (G5.3): the reveal names it.
    let clubs: serde_json::Value =
        serde_json::from_str(&t.stdout(&["club", "list", "--json"])).expect("json");
    let v_addr = clubs
        .as_array()
        .expect("clubs")
        .iter()
        .find(|c| c["nation"] == "V")
        .and_then(|c| c["emails"][0].as_str())
        .expect("V's address")
        .to_owned();
    let eml = t.tmp.path().join("letter.eml");
    std::fs::write(
        &eml,
        format!(
            "From: {v_addr}\r\nTo: arbitro@giglio.test\r\nSubject: lettera\r\nMessage-ID: <letter-1@club.test>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nclub = \"V\"\r\nphase = \"1494-spring\"\r\nsecret = \"{}\"\r\n[[letter]]\r\nto = [\"M\"]\r\ntext = \"Alleanza contro Firenze, nel segreto\"\r\nanonymous = true\r\n",
            t.secrets["V"]
        ),
    )
    .expect("write the letter");
    t.run(&["inbox", "--eml", eml.to_str().expect("utf-8")])
        .success();
    for _ in 0..11 {
        t.run(&["resolve", "--force"]).success();
    }
    assert!(
        reveal_rows(&t.dir).is_empty(),
        "nothing revealed before the end"
    );
    assert!(!t.dir.join("public/it/reveal.html").exists());
    t.run(&["resolve", "--force"]).success();
    let rows = reveal_rows(&t.dir);
    let clubs = t.secrets.len();
    assert_eq!(
        rows.len(),
        clubs + 1,
        "every club and the referee: {rows:?}"
    );
    let public = t.dir.join("public");
    let film = std::fs::read_to_string(public.join("reveal/film.svg")).expect("the film");
    assert_eq!(frames(&film), 12, "a frame a phase");
    // Each frame carries its phase's node marks (owners change): the first frame's
    // alone showed the first phase's owners through the season.
    let doc = roxmltree::Document::parse(&film).expect("the film is XML");
    for frame in doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("frame"))
    {
        assert!(
            frame
                .descendants()
                .any(|n| n.attribute("id") == Some("node-V0")),
            "a frame without Venice's mark"
        );
    }
    for lang in ["it", "en"] {
        let home = std::fs::read_to_string(public.join(lang).join("index.html")).expect("home");
        assert!(home.contains("id=\"verdict\""), "{lang}: the verdict");
        assert!(
            home.contains("href=\"reveal.html\""),
            "{lang}: the reveal linked"
        );
        let page = std::fs::read_to_string(public.join(lang).join("reveal.html")).expect("page");
        assert!(
            html_errors(&page).is_empty(),
            "{lang}: {:?}",
            html_errors(&page)
        );
        assert_eq!(page.matches("<details class=\"phase\"").count(), 12);
        assert!(
            page.contains("Alleanza contro Firenze, nel segreto") && page.contains("V → M"),
            "{lang}: the letter, with its writer"
        );
        let unsigned = if lang == "it" {
            "spedita senza firma"
        } else {
            "sent unsigned"
        };
        assert!(page.contains(unsigned), "{lang}: said unsigned");
    }
    // In a real browser the film plays as a picture, and the page fits a phone.
    {
        use crate::common::webdriver::Driver;
        let d = Driver::start();
        let url = format!(
            "file://{}",
            std::fs::canonicalize(public.join("en/reveal.html"))
                .expect("the page")
                .display()
        );
        const MEASURE: &str = "const done = arguments[arguments.length - 1];\
            const img = document.getElementById('film');\
            img.decode().then(() => done({ w: img.naturalWidth,\
              scroll: document.documentElement.scrollWidth, inner: innerWidth }),\
              (e) => done({ error: String(e) }));";
        let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/page-screenshots");
        std::fs::create_dir_all(&shots).expect("a folder");
        for width in [420u32, 1200] {
            d.run(d.client.set_window_size(width, 1600))
                .expect("resize");
            d.run(d.client.goto(&url)).expect("open the reveal");
            let m = d
                .run(d.client.execute_async(MEASURE, vec![]))
                .expect("measure");
            assert!(
                m.get("error").is_none(),
                "{width}: the film did not load: {m}"
            );
            assert!(m["w"].as_f64().unwrap_or(0.0) > 500.0, "{width}: {m}");
            assert!(
                m["scroll"].as_f64() <= m["inner"].as_f64(),
                "{width}: nothing scrolls sideways: {m}"
            );
            let shot = d.run(d.client.screenshot()).expect("a screenshot");
            std::fs::write(shots.join(format!("reveal-{width}.png")), shot).expect("write it");
        }
    }
    // Asked again, it is not sent twice.
    let out = t.run(&["reveal", "--json"]).success();
    let v = check(&validators(), "reveal", &out.get_output().stdout);
    assert_eq!(v["already"], true, "{v}");
    assert_eq!(v["queued"], 0, "{v}");
    assert_eq!(reveal_rows(&t.dir).len(), clubs + 1);
}

#[test]
fn a_campaign_not_over_has_nothing_to_reveal() {
    let t = TestCampaign::new();
    let a = t.run(&["reveal"]).failure();
    assert_eq!(crate::common::code_of(&a), 1, "a user error");
    assert!(crate::common::stderr_of(&a).contains("not over"));
}

#[test]
fn giglio_reveal_sends_a_finished_five_year_demo_its_reveal_and_film() {
    let tmp = tempfile::tempdir().expect("a temporary directory");
    giglio(tmp.path())
        .env("GIGLIO_NOW", "2026-03-01T08:00:00Z")
        .args(["demo", "d", "--years", "5"])
        .assert()
        .success();
    let dir = tmp.path().join("d");
    let run = |args: &[&str]| {
        giglio(tmp.path())
            .env("GIGLIO_NOW", "2026-03-01T08:00:00Z")
            .arg("-C")
            .arg(&dir)
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    assert!(
        reveal_rows(&dir).is_empty(),
        "the demo ended without a reveal"
    );
    let v = check(&validators(), "reveal", &run(&["reveal", "--json"]));
    let clubs = v["to"].as_array().expect("to").len();
    assert_eq!(v["queued"], clubs, "{v}");
    assert!(
        v["to"]
            .as_array()
            .expect("to")
            .iter()
            .any(|t| t == "referee")
    );
    assert_eq!(v["frames"], 60, "five years of twelve phases: {v}");
    let film_bytes = v["film_bytes"].as_u64().expect("a size");
    assert!(
        film_bytes > 0 && film_bytes <= 5 * 1024 * 1024,
        "the film fits a mail: {film_bytes}"
    );
    run(&["mail", "send"]);
    let mails: Vec<_> = std::fs::read_dir(dir.join("mail/out"))
        .expect("the mail folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.to_string_lossy().contains(".reveal."))
        .collect();
    assert_eq!(mails.len(), clubs, "a reveal to each");
    for m in &mails {
        let text = std::fs::read_to_string(m).expect("a message");
        assert!(
            text.contains("image/svg+xml")
                && (text.contains("season-film.svg") || text.contains("film-della-stagione.svg")),
            "{}: the film attached",
            m.display()
        );
    }
    // The site gains it: the objectives, every phase's orders and dice, the film.
    let site = tmp.path().join("public");
    run(&["site", "--out", site.to_str().expect("UTF-8")]);
    let film = std::fs::read_to_string(site.join("reveal/film.svg")).expect("the film");
    assert_eq!(frames(&film), 60);
    assert_eq!(film.len() as u64, film_bytes, "the same film as mailed");
    let history: serde_json::Value =
        serde_json::from_slice(&run(&["history", "--json"])).expect("JSON");
    let dice: u64 = history
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| r["dice"].as_u64().expect("dice"))
        .sum();
    let export: serde_json::Value = serde_json::from_slice(&run(&["export"])).expect("JSON");
    let campaign = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
    for lang in ["it", "en"] {
        let page = std::fs::read_to_string(site.join(lang).join("reveal.html")).expect("page");
        assert!(
            html_errors(&page).is_empty(),
            "{lang}: {:?}",
            html_errors(&page)
        );
        assert_eq!(page.matches("<details class=\"phase\"").count(), 60);
        assert_eq!(
            page.matches("<tr><td class=\"amount\">").count() as u64,
            dice,
            "{lang}: every die"
        );
        assert!(
            page.contains("<pre class=\"orders\">"),
            "{lang}: the orders"
        );
        for n in export["nations"].as_array().expect("nations") {
            let Some(kind) = n["objective"]["kind"].as_str() else {
                continue;
            };
            let o = campaign
                .tables
                .victory
                .objective
                .iter()
                .find(|o| {
                    serde_json::to_value(o.id)
                        .ok()
                        .is_some_and(|v| v.as_str() == Some(kind))
                })
                .expect("a known objective");
            let name = if lang == "it" { &o.name_it } else { &o.name_en };
            assert!(page.contains(name.as_str()), "{lang}: {name}");
        }
    }
    let maps = std::fs::read_dir(site.join("reveal/maps"))
        .expect("maps")
        .count();
    assert_eq!(maps, 60, "the referee's map of every phase");
}
