//! A club's HTML report in a real browser: `giglio report --out DIR` after a resolution,
//! opened in headless Chromium; its DOM shows the club, the phase, the treasury, the
//! orders and a map picture that loaded, and its screenshot is a real page (kept under
//! target/tmp/browser_report/ for a human to look at).

use crate::common::browser::screenshot_and_dom;
use crate::delivery::MailCampaign;
use std::path::Path;

/// Run in the page once everything (the map included) has loaded: the map's pixel size
/// and state, written where `--dump-dom` shows them.
const PROBE: &str = "<script>\
addEventListener('load', () => {\
  const map = document.getElementById('map');\
  document.body.setAttribute('data-map-width', String(map.naturalWidth));\
  document.body.setAttribute('data-map-complete', String(map.complete));\
});\
</script>\n</body>";

#[test]
fn a_clubs_html_report_renders_in_chromium_with_its_map() {
    let c = MailCampaign::resolved();
    let out = c.dir.join("report-out");
    c.run(
        &["report", "--out", out.to_str().expect("a UTF-8 path")],
        &[],
    )
    .success();
    let html = std::fs::read_to_string(out.join("V.html")).expect("V.html written");
    let map = std::fs::read(out.join("V.png")).expect("V.png written");
    assert!(html.contains("src=\"V.png\""), "the page shows its own map");
    assert!(
        html.contains("<a id=\"map-full\" href=\"V.png\">Aprite la mappa intera</a>"),
        "a link opens the whole picture at its own size, in the club's language"
    );

    // A copy beside the original (so V.png resolves the same), with the probe added.
    let probe = out.join("V.probe.html");
    std::fs::write(&probe, html.replacen("</body>", PROBE, 1)).expect("write the probe");
    let (png, dom) = screenshot_and_dom(&probe);
    keep_for_a_human(&png);

    assert!(
        dom.contains("<h1 id=\"title\">Repubblica di Venezia — Circolo dell'Àncora — Città</h1>"),
        "the club's name, accents intact: {dom}"
    );
    assert_eq!(element_text(&dom, "phase"), "primavera 1494");
    assert_eq!(
        element_text(&dom, "treasury"),
        treasury_of(&c, "V").to_string()
    );
    let orders = table(&dom, "orders");
    assert!(
        orders.contains("V0") && orders.contains("200"),
        "the raise carried out: {orders}"
    );
    assert!(
        orders.contains("class=\"rejected\""),
        "the raise refused is shown: {orders}"
    );

    let width = attribute(&dom, "data-map-width")
        .unwrap_or_else(|| panic!("the probe did not run after load: {dom}"));
    assert_eq!(
        attribute(&dom, "data-map-complete").as_deref(),
        Some("true")
    );
    assert_eq!(
        width,
        png_width(&map).to_string(),
        "the map loaded at its own size"
    );

    let shot = resvg::tiny_skia::Pixmap::decode_png(&png).expect("the screenshot decodes");
    let (inked, colours) = ink(&shot);
    eprintln!(
        "screenshot {}×{}, {} bytes, {inked:.1}% not white, {colours} colours",
        shot.width(),
        shot.height(),
        png.len()
    );
    assert_eq!(shot.width(), 1200, "the fixture's window");
    assert!(inked > 5.0, "text and map cover the page: {inked:.1}%");
    assert!(colours > 100, "the map's colours show: {colours}");
}

/// The text inside the element with this id (no nested tags expected).
fn element_text(dom: &str, id: &str) -> String {
    let at = dom
        .find(&format!("id=\"{id}\""))
        .unwrap_or_else(|| panic!("no #{id} in the DOM"));
    let rest = &dom[at..];
    let start = rest.find('>').expect("a tag's end") + 1;
    let end = rest[start..].find('<').expect("the element's end");
    rest[start..start + end].to_owned()
}

/// The markup of the table with this id.
fn table<'a>(dom: &'a str, id: &str) -> &'a str {
    let at = dom
        .find(&format!("<table id=\"{id}\""))
        .unwrap_or_else(|| panic!("no table #{id} in the DOM"));
    let end = dom[at..].find("</table>").expect("the table's end");
    &dom[at..at + end]
}

/// The value of an attribute set anywhere in the DOM.
fn attribute(dom: &str, name: &str) -> Option<String> {
    let at = dom.find(&format!("{name}=\""))? + name.len() + 2;
    let end = dom[at..].find('"')?;
    Some(dom[at..at + end].to_owned())
}

/// A club's treasury, from `giglio export` (not from the report under test).
fn treasury_of(c: &MailCampaign, nation: &str) -> i64 {
    let out = c.run(&["export"], &[]).success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("JSON");
    v["nations"]
        .as_array()
        .and_then(|ns| ns.iter().find(|n| n["code"] == nation))
        .and_then(|n| n["treasury"].as_i64())
        .unwrap_or_else(|| panic!("{nation}'s treasury in the export"))
}

/// The width a PNG declares in its header.
fn png_width(png: &[u8]) -> u32 {
    assert!(
        png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 24,
        "a PNG"
    );
    u32::from_be_bytes([png[16], png[17], png[18], png[19]])
}

/// The share of pixels that are not near-white, in percent, and how many colours.
fn ink(p: &resvg::tiny_skia::Pixmap) -> (f64, usize) {
    let mut colours = std::collections::HashSet::new();
    let mut inked = 0usize;
    for px in p.pixels() {
        let (r, g, b) = (px.red(), px.green(), px.blue());
        colours.insert((r, g, b));
        if r.min(g).min(b) < 230 {
            inked += 1;
        }
    }
    (
        inked as f64 * 100.0 / p.pixels().len() as f64,
        colours.len(),
    )
}

/// Keeps the screenshot in target/tmp/browser_report/ to be looked at.
fn keep_for_a_human(png: &[u8]) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser_report");
    std::fs::create_dir_all(&dir).expect("create a directory");
    std::fs::write(dir.join("V-report.png"), png).expect("write the screenshot");
}

/// Issue 17.6: the report's column shows the part of the map around the club's pieces,
/// cut from the one picture (the whole map a click away), read in a real browser at a
/// phone's and a desktop's width: the crop fits the column, the picture inside it is
/// drawn larger than the column (zoomed in), nothing scrolls sideways, and the crop
/// shows the map's colours. Screenshots go to target/page-screenshots/.
#[test]
fn the_report_shows_the_map_around_the_clubs_pieces_at_420_and_1200() {
    use crate::common::webdriver::Driver;
    let c = MailCampaign::resolved();
    let out = c.dir.join("report-out");
    c.run(
        &["report", "--out", out.to_str().expect("a UTF-8 path")],
        &[],
    )
    .success();
    let html = std::fs::read_to_string(out.join("V.html")).expect("V.html written");
    assert!(html.contains("id=\"map-crop\""), "the column shows a crop");
    assert!(
        html.contains("<a id=\"map-full\" href=\"V.png\">"),
        "the whole map behind its link"
    );
    let d = Driver::start();
    let url = format!(
        "file://{}",
        std::fs::canonicalize(out.join("V.html"))
            .expect("the page")
            .display()
    );
    d.run(d.client.goto(&url)).expect("open the report");
    // Waits for the picture itself (decode() settles once it is loaded).
    const MEASURE: &str = "const done = arguments[arguments.length - 1];\
        const img = document.getElementById('map');\
        const crop = document.getElementById('map-crop');\
        img.decode().then(() => {\
          const c = crop.getBoundingClientRect(), i = img.getBoundingClientRect();\
          done({ cropW: c.width, cropH: c.height, imgW: i.width, natural: img.naturalWidth,\
                 box: crop.dataset.box, scroll: document.documentElement.scrollWidth,\
                 inner: innerWidth });\
        }, (e) => done({ error: String(e) }));";
    for width in [420u32, 1200] {
        d.run(d.client.set_window_size(width, 1400))
            .expect("resize");
        let m = d
            .run(d.client.execute_async(MEASURE, vec![]))
            .expect("measure the crop");
        assert!(m.get("error").is_none(), "the map did not load: {m}");
        let f = |k: &str| m[k].as_f64().unwrap_or_else(|| panic!("{k} in {m}"));
        let box_: Vec<f64> = m["box"]
            .as_str()
            .expect("the crop's box")
            .split(' ')
            .map(|v| v.parse().expect("a number"))
            .collect();
        let (w, h) = (box_[2], box_[3]);
        assert!(f("cropW") <= f("inner"), "{width}: the crop fits: {m}");
        assert!(
            f("scroll") <= f("inner"),
            "{width}: nothing scrolls sideways: {m}"
        );
        assert!(
            (f("cropW") / f("cropH") - w / h).abs() < 0.05,
            "{width}: the crop keeps its shape: {m}"
        );
        assert!(
            (f("imgW") / f("cropW") - 1400.0 / w).abs() < 0.05,
            "{width}: the picture is drawn larger than the column, by the crop: {m}"
        );
        let crop = d
            .run(d.client.find(fantoccini::Locator::Id("map-crop")))
            .expect("the crop");
        let shot = d.run(crop.screenshot()).expect("the crop's screenshot");
        let pixels = resvg::tiny_skia::Pixmap::decode_png(&shot).expect("a PNG");
        let (inked, colours) = ink(&pixels);
        assert!(
            inked > 20.0 && colours > 50,
            "{width}: the map shows: {inked:.1}% {colours}"
        );
        let page = d.run(d.client.screenshot()).expect("a screenshot");
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/page-screenshots");
        std::fs::create_dir_all(&dir).expect("create target/page-screenshots");
        std::fs::write(dir.join(format!("report-{width}.png")), page).expect("write it");
        std::fs::write(dir.join(format!("report-crop-{width}.png")), shot).expect("write it");
    }
}

/// Measured in the page: how wide the document lays out, against the window.
const WIDTH: &str = "return { scroll: document.documentElement.scrollWidth, inner: innerWidth,\
    viewport: !!document.querySelector('meta[name=viewport]') };";

/// Opens `path` at `width` pixels, keeps its screenshot as `name` under
/// target/page-screenshots/, and returns how wide the document laid out.
pub(crate) fn measure_at(
    d: &crate::common::webdriver::Driver,
    path: &Path,
    width: u32,
    name: &str,
) -> (f64, f64, bool) {
    let url = format!(
        "file://{}",
        std::fs::canonicalize(path).expect("the page").display()
    );
    d.run(d.client.set_window_size(width, 1400))
        .expect("resize");
    d.run(d.client.goto(&url)).expect("open the page");
    let m = d
        .run(d.client.execute(WIDTH, vec![]))
        .expect("measure the page");
    let page = d.run(d.client.screenshot()).expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/page-screenshots");
    std::fs::create_dir_all(&dir).expect("create target/page-screenshots");
    std::fs::write(dir.join(format!("{name}-{width}.png")), page).expect("write it");
    let f = |k: &str| m[k].as_f64().unwrap_or_else(|| panic!("{k} in {m}"));
    (
        f("scroll"),
        f("inner"),
        m["viewport"].as_bool() == Some(true),
    )
}

/// Issue 30.2: a club's report, the bulletin and a battle card read on a phone: each
/// has its viewport and lays out within 420 pixels, nothing scrolls sideways (nor at
/// 1200). Screenshots go to target/page-screenshots/.
#[test]
fn the_report_bulletin_and_battle_card_read_at_420_without_sideways_scrolling() {
    use crate::common::webdriver::Driver;
    let t = crate::common::TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    t.submit_all(
        "1494-r01",
        &[(
            "V",
            "[[stance]]\npiece = \"V-A2\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"V-A2\"\npath = \"V8 -> F7\"\n",
        )],
    );
    t.run(&["resolve"]).success();
    let out = t.dir.join("phone");
    t.run(&["report", "--out", out.to_str().expect("a UTF-8 path")])
        .success();
    let card = t.stdout(&["battle", "card", "1494-r01-F7", "--format", "html"]);
    assert!(card.starts_with("<!DOCTYPE html>"), "{card}");
    std::fs::write(out.join("card.html"), card).expect("write the card");
    let d = Driver::start();
    for (file, name) in [
        ("V.html", "phone-report"),
        ("bulletin.html", "phone-bulletin"),
        ("card.html", "phone-card"),
    ] {
        for width in [420u32, 1200] {
            let (scroll, inner, viewport) = measure_at(&d, &out.join(file), width, name);
            assert!(viewport, "{file}: a viewport");
            assert!(
                scroll <= inner && scroll <= f64::from(width),
                "{file} at {width}: lays out {scroll} wide in {inner}"
            );
        }
    }
}

/// Issue 30.2: a report printed with its picture inside (`report --club V --format
/// html`) never links to a `data:` URI (Chromium will not open one as a page): "open
/// the whole map" opens it in place, the crop widening to the whole picture, in
/// Chromium at 420 px.
#[test]
fn the_printed_report_opens_its_whole_map_without_a_data_link() {
    use crate::common::webdriver::Driver;
    let t = crate::common::TestCampaign::new();
    t.run(&["resolve", "--force"]).success();
    let html = t.stdout(&["report", "--club", "V", "--format", "html"]);
    assert!(html.contains("src=\"data:image"), "the picture inside");
    assert!(!html.contains("href=\"data:"), "no link to a data: URI");
    assert!(
        html.contains("<a id=\"map-full\" href=\"#map-crop\">"),
        "the whole map in place"
    );
    let page = t.dir.join("printed.html");
    std::fs::write(&page, &html).expect("write the page");
    let d = Driver::start();
    let url = format!(
        "file://{}",
        std::fs::canonicalize(&page).expect("the page").display()
    );
    d.run(d.client.set_window_size(420, 1400)).expect("resize");
    d.run(d.client.goto(&url)).expect("open the page");
    const SIZES: &str = "const done = arguments[arguments.length - 1];\
        const img = document.getElementById('map');\
        img.decode().then(() => {\
          const c = document.getElementById('map-crop').getBoundingClientRect();\
          const i = img.getBoundingClientRect();\
          done({ crop: c.width, img: i.width, scroll: document.documentElement.scrollWidth });\
        }, (e) => done({ error: String(e) }));";
    let before = d
        .run(d.client.execute_async(SIZES, vec![]))
        .expect("measure");
    assert!(before.get("error").is_none(), "{before}");
    let f = |m: &serde_json::Value, k: &str| m[k].as_f64().unwrap_or_else(|| panic!("{k} in {m}"));
    assert!(
        f(&before, "img") > f(&before, "crop") * 1.1,
        "cropped: {before}"
    );
    let link = d
        .run(d.client.find(fantoccini::Locator::Id("map-full")))
        .expect("the link");
    d.run(link.click()).expect("click it");
    let after = d
        .run(d.client.execute_async(SIZES, vec![]))
        .expect("measure");
    assert!(
        (f(&after, "img") - f(&after, "crop")).abs() < 3.0,
        "the whole picture across the column: {after}"
    );
    assert!(f(&after, "scroll") <= 420.0, "{after}");
    let shot = d.run(d.client.screenshot()).expect("a screenshot");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/page-screenshots");
    std::fs::create_dir_all(&dir).expect("create target/page-screenshots");
    std::fs::write(dir.join("report-whole-map-420.png"), shot).expect("write it");
}
