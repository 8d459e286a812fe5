//! The page's tests: what it offers, against the sheet and the rules; what it needs;
//! and that no name in it is more than text.

use super::*;
use crate::orders::unparse_order;
use crate::rules::order::OrderKind;

fn shipped() -> Campaign {
    let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
    crate::scenario::load(&source).expect("the shipped campaign loads")
}

/// The page of `nation` in `world`, and its embedded data.
fn page(c: &Campaign, world: &World, nation: &NationCode) -> (String, serde_json::Value) {
    let svg = "<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"></svg>";
    let packed = render(
        &Words::load(None).expect("catalogue"),
        &PageInput {
            campaign: c,
            world,
            nation,
            lang: Lang::En,
            deadline: None,
            map_svg: svg,
            orders_to: "referee@example.org",
        },
    );
    assert!(packed.is_ascii(), "the page travels in ASCII");
    let html = unpacked(&packed).expect("a packed page");
    let start = html.find("id=\"pg-data\">").expect("the data") + "id=\"pg-data\">".len();
    let end = start + html[start..].find("</script>").expect("its end");
    let data = serde_json::from_str(&html[start..end]).expect("JSON");
    (html, data)
}

/// Every order the sheet suggests is offered by the page (the same computation), in
/// spring and in a summer round.
#[test]
fn the_page_offers_every_order_of_the_sheet() {
    let c = shipped();
    let v = NationCode::from("V");
    let start = World::start(&c, &[v.clone(), NationCode::from("M")]);
    let mut dice = crate::rules::dice::SeededDice::new([1; 32]);
    let round = crate::rules::resolve::resolve(
        &c,
        &start,
        &Default::default(),
        &Default::default(),
        &mut dice,
    )
    .expect("the spring resolves")
    .next
    .expect("a round opens");
    for world in [&start, &round] {
        let own = crate::rules::visibility::club_world(world, &v);
        let options = crate::rules::menu::options(&c, &own, &v);
        let (_, data) = page(&c, world, &v);
        let mut keys: Vec<String> = data["general"]
            .as_array()
            .expect("general offers")
            .iter()
            .chain(
                data["pieces"]
                    .as_array()
                    .expect("pieces")
                    .iter()
                    .flat_map(|p| p["offers"].as_array().expect("offers")),
            )
            .map(|o| o["key"].as_str().expect("a key").to_owned())
            .collect();
        keys.sort();
        let sheet: Vec<&OrderKind> = options
            .pieces
            .iter()
            .flat_map(|p| &p.orders)
            .chain(options.spring.iter().flat_map(|s| &s.orders))
            .collect();
        assert!(!sheet.is_empty());
        for o in sheet {
            let key = unparse_order(o).replace('\n', " ");
            assert!(keys.binary_search(&key).is_ok(), "{key} is not offered");
        }
    }
}

/// The page needs nothing outside itself: no script, style, picture or font from
/// elsewhere, and a policy that forbids fetching any (as it travels, packed, and as its
/// bootstrap unpacks it).
#[test]
fn the_page_needs_no_other_file() {
    let c = shipped();
    let v = NationCode::from("V");
    let world = World::start(&c, std::slice::from_ref(&v));
    let (html, data) = page(&c, &world, &v);
    for outside in [
        "src=",
        "<link",
        "@import",
        "url(http",
        "href=\"http",
        "fetch(",
    ] {
        assert!(!html.contains(outside), "the page holds {outside}");
    }
    assert!(html.contains("default-src 'none'"));
    assert_eq!(data["to"], "referee@example.org");
    assert_eq!(data["file"], "orders-V-1494-spring.toml");
    assert!(data["treasury"].as_i64().expect("the treasury") > 0);
}

/// Every line of a page, in either language, is ASCII and at most 73 characters: with
/// its CR, as the mail writes it, under lettre's 76, so the mail carries it as it is
/// (7bit), not quoted-printable, a character at a time.
#[test]
fn every_line_of_a_page_travels_as_it_is() {
    use email_encoding::body::Encoding;
    let c = shipped();
    let nations: Vec<NationCode> = c.nations.iter().map(|n| n.code.clone()).collect();
    let world = World::start(&c, &nations);
    let words = Words::load(None).expect("catalogue");
    for lang in [Lang::It, Lang::En] {
        for nation in &nations {
            let page = render(
                &words,
                &PageInput {
                    campaign: &c,
                    world: &world,
                    nation,
                    lang,
                    deadline: Some("2026-12-08T20:00:00Z"),
                    map_svg: "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
                    orders_to: "referee@example.org",
                },
            );
            let long = page.lines().find(|l| l.len() > 73);
            assert_eq!(long, None, "{nation} in {lang:?}");
            let crlf = page.replace('\n', "\r\n");
            assert_eq!(Encoding::choose(crlf.as_str(), false), Encoding::SevenBit);
        }
    }
}

/// The page's security policy lets its own script and style run by their hashes, and
/// nothing else: no inline script, style or event handler, no form action, no base.
#[test]
fn the_policy_runs_the_pages_own_blocks_by_hash_and_nothing_inline() {
    let c = shipped();
    let v = NationCode::from("V");
    let world = World::start(&c, std::slice::from_ref(&v));
    let (html, _) = page(&c, &world, &v);
    let meta = "http-equiv=\"Content-Security-Policy\" content=\"";
    let at = html.find(meta).expect("the policy") + meta.len();
    let csp = &html[at..at + html[at..].find('"').expect("its end")];
    assert!(!csp.contains("unsafe"), "{csp}");
    for directive in [
        "form-action 'none'",
        "base-uri 'none'",
        "default-src 'none'",
    ] {
        assert!(csp.contains(directive), "{csp}");
    }
    let between = |open: &str, close: &str| {
        let start = html.find(open).expect("the block") + open.len();
        html[start..start + html[start..].find(close).expect("its end")].to_owned()
    };
    let script = between("<script>", "</script>");
    let style = between("<style>", "</style>");
    assert!(
        csp.contains(&format!("script-src '{}'", csp_hash(&script))),
        "{csp}"
    );
    assert!(
        csp.contains(&format!("style-src '{}'", csp_hash(&style))),
        "{csp}"
    );
    // One executed script, one style block: the policy names each.
    assert_eq!(html.matches("<script>").count(), 1);
    assert_eq!(html.matches("<style>").count(), 1);
}

/// The offers of every piece and the nation's, by group.
fn offers<'d>(data: &'d serde_json::Value, group: &str) -> Vec<&'d serde_json::Value> {
    data["general"]
        .as_array()
        .expect("general offers")
        .iter()
        .chain(
            data["pieces"]
                .as_array()
                .expect("pieces")
                .iter()
                .flat_map(|p| p["offers"].as_array().expect("offers")),
        )
        .filter(|o| o["group"] == group)
        .collect()
}

/// The first summer round after a spring without orders, of V and M.
fn first_round(c: &Campaign) -> World {
    let start = World::start(c, &[NationCode::from("V"), NationCode::from("M")]);
    let mut dice = crate::rules::dice::SeededDice::new([1; 32]);
    crate::rules::resolve::resolve(
        c,
        &start,
        &Default::default(),
        &Default::default(),
        &mut dice,
    )
    .expect("the spring resolves")
    .next
    .expect("a round opens")
}

/// The Strategos bid lets the club click its move order among the clubs in play,
/// and the file's line takes the order clicked.
#[test]
fn the_strategos_bid_offers_the_move_order() {
    let c = shipped();
    let v = NationCode::from("V");
    let world = World::start(&c, &[v.clone(), NationCode::from("M")]);
    let (_, data) = page(&c, &world, &v);
    let bids = offers(&data, "strategos");
    assert_eq!(bids.len(), 1);
    let seq: Vec<&str> = bids[0]["seq"]
        .as_array()
        .expect("the clubs to click")
        .iter()
        .map(|p| p[0].as_str().expect("a code"))
        .collect();
    assert_eq!(seq, ["M", "V"]);
    assert_eq!(
        bids[0]["toml"],
        "strategos = { bid = {v}, move_order = [{seq}] }"
    );
    assert!(bids[0]["label"].as_str().expect("words").contains("{seq}"));
}

/// A road piece is offered the nodes to retreat to around where it may meet the
/// enemy, drawn at the node; with a spy, a condition whose branches are the
/// choices the rules accept; without one, no condition.
#[test]
fn stances_offer_the_fallback_node_and_the_spy() {
    let c = shipped();
    let v = NationCode::from("V");
    let mut round = first_round(&c);
    let (_, data) = page(&c, &round, &v);
    assert!(offers(&data, "spy").is_empty(), "no spy, no condition");
    let army = data["pieces"]
        .as_array()
        .expect("pieces")
        .iter()
        .find(|p| {
            p["offers"]
                .as_array()
                .is_some_and(|o| o.iter().any(|o| o["group"] == "retreat"))
        })
        .expect("a piece with fallback nodes");
    let at = army["at"].as_str().expect("where it stands");
    let retreats: Vec<&serde_json::Value> = army["offers"]
        .as_array()
        .expect("offers")
        .iter()
        .filter(|o| o["group"] == "retreat")
        .collect();
    let targets: Vec<&str> = retreats
        .iter()
        .map(|o| o["path"][0].as_str().expect("the node"))
        .collect();
    for n in c.map.neighbours(at) {
        assert!(targets.contains(&n.as_str()), "{n} beside {at} is offered");
    }
    assert!(
        retreats
            .iter()
            .all(|o| o["path"].as_array().map(Vec::len) == Some(1))
    );
    assert!(
        retreats[0]["toml"]
            .as_str()
            .expect("lines")
            .contains("retreat_to = ")
    );
    round.nations.get_mut(&v).expect("V plays").spy = true;
    let (_, data) = page(&c, &round, &v);
    let spies = offers(&data, "spy");
    assert!(!spies.is_empty());
    let toml = spies[0]["toml"].as_str().expect("lines");
    assert!(
        toml.contains("spy = { enemy_at_most = {v}, then = {then}, otherwise = {otherwise} }"),
        "{toml}"
    );
    let picks = spies[0]["picks"].as_array().expect("the branches");
    assert_eq!(picks.len(), 2);
    let codes: Vec<&str> = picks[0]["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|o| o[0].as_str().expect("a value"))
        .collect();
    assert_eq!(
        codes,
        ["\"stop\"", "\"retreat\"", "\"attack\"", "\"withdraw\""]
    );
}

/// With an assassin, a club is offered the commander where it sees a foreign force
/// and the spy of every other club, never a node it does not see; without one,
/// nothing.
#[test]
fn assassins_are_offered_every_target_the_club_can_name() {
    let c = shipped();
    let (v, m) = (NationCode::from("V"), NationCode::from("M"));
    let mut round = first_round(&c);
    let (_, data) = page(&c, &round, &v);
    assert!(
        offers(&data, "assassin").is_empty(),
        "no assassin, no mission"
    );
    round.nations.get_mut(&v).expect("V plays").assassins = 1;
    let seen = crate::rules::visibility::watched_nodes(&c, &round, &v);
    let here = round
        .armies
        .values()
        .find(|a| a.nation == v)
        .map(|a| a.node.clone())
        .expect("a Venetian army");
    let near = c
        .map
        .neighbours(here.as_str())
        .find(|n| round.nodes.get(*n).is_some_and(|x| x.owner != v))
        .or_else(|| c.map.neighbours(here.as_str()).next())
        .cloned()
        .expect("a neighbour");
    let far = c
        .map
        .nodes()
        .map(|n| n.code.clone())
        .find(|n| !seen.contains(n))
        .expect("a node V does not see");
    let mut milan = round
        .armies
        .values()
        .filter(|a| a.nation == m)
        .map(|a| a.id.clone());
    let (a1, a2) = (
        milan.next().expect("an army"),
        milan.next().expect("another"),
    );
    round.armies.get_mut(&a1).expect("it").node = near.clone();
    round.armies.get_mut(&a2).expect("it").node = far.clone();
    let (html, data) = page(&c, &round, &v);
    let keys: Vec<&str> = offers(&data, "assassin")
        .iter()
        .map(|o| o["key"].as_str().expect("a key"))
        .collect();
    assert!(
        keys.contains(&format!("[[assassin]] target = \"commander\" node = \"{near}\"").as_str()),
        "{keys:?}"
    );
    assert!(
        keys.contains(&"[[assassin]] target = \"spy\" nation = \"M\""),
        "{keys:?}"
    );
    assert!(
        !keys.iter().any(|k| k.contains(&format!("\"{far}\""))),
        "a node V does not see: {keys:?}"
    );
    assert!(!html.contains(a1.as_str()) && !html.contains(a2.as_str()));
}

/// Names a referee's campaign might hold, or a hostile one: the template's own
/// placeholders, HTML, the end of the data's element and a comment that would change
/// how the rest of the element is read. On the page they are text, and nothing else
/// comes of them: no element, no second map, the data whole.
#[test]
fn names_are_text_on_the_page() {
    let nation = "{{map}} {{data}} <img src=x onerror=alert(1)> </script>";
    let node = "<img src=x onerror=alert(2)></script><script>alert(3)</script><!--<script>";
    let mut source = crate::scenario::Source::builtin("il-giglio").expect("built in");
    let quoted = crate::orders::quoted;
    for (file, from, to) in [
        (
            "nations.toml",
            "name_en = \"Republic of Venice\"",
            format!("name_en = {}", quoted(nation)),
        ),
        (
            "map.toml",
            "name = \"Venezia\"\n",
            format!("name = {}\n", quoted(node)),
        ),
    ] {
        let text = source.files.get_mut(file).expect("the file");
        assert!(text.contains(from), "{file} names it");
        *text = text.replacen(from, &to, 1);
    }
    let c = crate::scenario::load(&source).expect("the campaign loads");
    let v = NationCode::from("V");
    let world = World::start(&c, std::slice::from_ref(&v));
    let (html, data) = page(&c, &world, &v);
    let title = format!(
        // The page travels in ASCII: the dash is a character reference.
        "Il Giglio: orders for spring 1494 &#8212; {}",
        "{{map}} {{data}} &lt;img src=x onerror=alert(1)&gt; &lt;&#x2f;script&gt;"
    );
    // Folded on lines of their own (`fold`), which HTML reads as spaces.
    let folded = |open: &str, close: &str| {
        let start = html.find(open).expect("the element") + open.len();
        let end = start + html[start..].find(close).expect("its end");
        html[start..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(folded("<title>", "</title>"), title, "{html}");
    assert_eq!(folded("<h1>", "</h1>"), title);
    assert_eq!(html.matches("<svg").count(), 1, "the map, once");
    assert!(!html.contains("<img"), "no element from a name");
    assert_eq!(
        html.matches("<script").count(),
        2,
        "the data and the script"
    );
    assert_eq!(html.matches("</script>").count(), 2);
    let start = html.find("id=\"pg-data\">").expect("the data") + "id=\"pg-data\">".len();
    let end = start + html[start..].find("</script>").expect("its end");
    assert!(
        !html[start..end].contains('<'),
        "no `<` in the data's element"
    );
    assert_eq!(
        data["places"]["V0"][2], node,
        "the name, whole, in the data"
    );
    assert_eq!(data["club"], "V");
}

/// Issue 30.4: the page's data carries what the rules bound each value by, and the text
/// of every rule it may refuse with, in the club's language: a garrison draws on its
/// army (its value and the detachment's cost, G2b.3), the loan has its limit (G2a.3),
/// every value the file's own bounds (G6.2), a letter its length (G5.3).
#[test]
fn every_bound_of_a_value_comes_with_its_rule_and_the_rules_text() {
    let c = shipped();
    let v = NationCode::from("V");
    let w = World::start(&c, &[v.clone(), NationCode::from("M")]);
    let (_, d) = page(&c, &w, &v);
    let garrison = offers(&d, "army")
        .into_iter()
        .find(|o| {
            o["key"]
                .as_str()
                .is_some_and(|k| k.starts_with("[[garrison]]"))
        })
        .expect("a garrison is offered");
    let army = garrison["draw"]["army"]
        .as_str()
        .expect("it draws on its army");
    assert_eq!(garrison["draw"]["rule"], "G2b.3");
    assert_eq!(garrison["draw"]["fixed"], c.tables.garrison.detach_cost);
    let army_id = crate::rules::ArmyId::from(army);
    assert_eq!(d["armies"][army], w.armies[&army_id].value);
    assert_eq!(garrison["min"], serde_json::json!([1, "G6.2"]));
    assert_eq!(garrison["max"], serde_json::json!([1_000_000, "G6.2"]));
    let loan = offers(&d, "loan").into_iter().next().expect("a loan");
    assert_eq!(loan["max"][1], "G2a.3");
    let mut cited = vec![d["treasury_rule"].as_str().expect("a rule").to_owned()];
    for o in super::data::GROUPS.iter().flat_map(|g| offers(&d, g)) {
        for b in ["min", "max"] {
            cited.extend(o[b][1].as_str().map(str::to_owned));
        }
        cited.extend(o["draw"]["rule"].as_str().map(str::to_owned));
    }
    for id in cited {
        let text = d["rules"][&id]
            .as_str()
            .unwrap_or_else(|| panic!("{id}'s text"));
        let rule = crate::rulebook::rule(&id, Lang::En).expect("in the rulebook");
        assert_eq!(text, rule.summary());
    }
    assert_eq!(
        d["rules"]["G5.3"],
        crate::rulebook::rule("G5.3", Lang::En).unwrap().summary()
    );
    assert_eq!(d["letter_chars"], c.tables.rulings.letters_max_chars);
}

/// The page travels packed: ASCII, a fraction of the unpacked page, its bootstrap run by
/// the policy, and with the club's view when it carries it, which `orders check --view`
/// reads from it as from the view file.
#[test]
fn the_page_travels_packed_with_the_clubs_view() {
    let c = shipped();
    let v = NationCode::from("V");
    let world = World::start(&c, std::slice::from_ref(&v));
    let words = Words::load(None).expect("catalogue");
    let svg = crate::report::map::render(
        &c,
        &world,
        None,
        Lang::It,
        &crate::report::environment(None, words.clone()).expect("templates"),
    )
    .expect("the map");
    let input = PageInput {
        campaign: &c,
        world: &world,
        nation: &v,
        lang: Lang::It,
        deadline: None,
        map_svg: &svg,
        orders_to: "referee@example.org",
    };
    let own = super::super::sheet::OwnWorld::of(&c, &world, &v);
    let definition = crate::scenario::Source::builtin("il-giglio")
        .expect("built in")
        .files;
    let mut files = super::super::sheet::own_attachments(
        &words,
        &c,
        &own,
        &v,
        Lang::It,
        None,
        &definition,
        true,
    );
    let view = files[1].bytes.clone();
    with_view(&words, &input, &own, &mut files);
    assert_eq!(files.len(), 2, "the sheet and the page, no view file");
    let sheet = String::from_utf8(files[0].bytes.clone()).expect("UTF-8");
    assert!(
        sheet.contains("--view ordini-V-1494-primavera.html"),
        "the sheet's check reads the page"
    );
    let packed = String::from_utf8(files[1].bytes.clone()).expect("UTF-8");
    assert!(packed.is_ascii());
    let html = unpacked(&packed).expect("unpacks");
    // The map whole, its positions rounded to whole pixels (the mail's weight).
    assert!(
        html.contains(&super::coarse::coarse(super::map_body(&svg))),
        "the map, whole"
    );
    assert!(
        packed.len() * 2 < html.len(),
        "{} bytes packed, {} unpacked",
        packed.len(),
        html.len()
    );
    let boot = format!("\n{BOOT}\n");
    assert!(policy().contains(&csp_hash(&boot)));
    assert!(packed.contains(&format!("<script>{boot}</script>")));
    assert_eq!(view_in(packed.as_bytes()), Some(Some(view.clone())));
    let text = crate::report::kit::unpack("p.html", packed.as_bytes()).expect("the view");
    let (_, kit) = crate::report::kit::read("p.html", &text).expect("reads");
    assert_eq!(kit.nation, v);
    // A page without the view says so; a file that is no page is read as before.
    let bare = render(&words, &input);
    assert_eq!(view_in(bare.as_bytes()), Some(None));
    let err = crate::report::kit::unpack("bare.html", bare.as_bytes()).unwrap_err();
    assert!(err.to_string().contains("without the club's view"), "{err}");
    assert_eq!(view_in(&view), None);
}
