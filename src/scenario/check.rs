//! Every check a campaign definition must pass, each with its own rule id and a
//! located diagnostic.

use super::Source;
use super::raw;
use crate::diag::Diagnostic;
use crate::rules::campaign::{Campaign, Nation, StartArmy, StartFleet, StartGarrison, StartNation};
use crate::rules::ids::{NationCode, NodeCode, SeaCode, split_node_code};
use crate::rules::map::{Ban, Map, Node, NodeKind, SeaZone};
use crate::rules::tables::{Choice, Tables};
use serde::de::DeserializeOwned;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::ops::Range;

/// Collects diagnostics while checking.
struct Checker<'a> {
    src: &'a Source,
    diags: Vec<Diagnostic>,
}

impl Checker<'_> {
    fn err(&mut self, file: &str, span: Range<usize>, rule: &str, message: String, label: &str) {
        let d = Diagnostic::at(
            &self.src.path(file),
            self.src.text(file),
            span,
            rule,
            message,
        );
        self.diags.push(if label.is_empty() {
            d
        } else {
            d.with_label(label)
        });
    }

    fn parse<T: DeserializeOwned>(&mut self, file: &str) -> Option<T> {
        match toml::from_str::<T>(self.src.text(file)) {
            Ok(v) => Some(v),
            Err(e) => {
                let span = e.span().unwrap_or(0..0);
                let msg = e.message().trim().to_owned();
                self.err(file, span, "toml", msg, "");
                None
            }
        }
    }
}

/// Parses and checks the whole definition.
pub(crate) fn check(src: &Source) -> Result<Campaign, Vec<Diagnostic>> {
    let mut c = Checker {
        src,
        diags: Vec::new(),
    };
    let campaign: Option<raw::CampaignFile> = c.parse("campaign.toml");
    let nations: Option<raw::NationsFile> = c.parse("nations.toml");
    let map: Option<raw::MapFile> = c.parse("map.toml");
    let tables: Option<Tables> = c.parse("rules.toml");
    let start: Option<raw::StartFile> = c.parse("start.toml");
    let (Some(campaign), Some(nations), Some(map), Some(tables), Some(start)) =
        (campaign, nations, map, tables, start)
    else {
        return Err(c.diags);
    };
    check_campaign_file(&mut c, &campaign);
    let nations = check_nations(&mut c, &nations);
    check_tables(&mut c, &tables);
    let map = check_map(&mut c, &map, &nations, &tables);
    let start = check_start(&mut c, &start, &nations, &map, &tables);
    let land = check_land(&mut c);
    if !c.diags.is_empty() {
        return Err(c.diags);
    }
    Ok(Campaign {
        name: campaign.name.into_inner(),
        title_it: campaign.title_it,
        title_en: campaign.title_en,
        description: campaign.description,
        default_ruleset: campaign.default_ruleset.into_inner(),
        time_zone: campaign.time_zone.into_inner(),
        nations,
        map,
        tables,
        start,
        land,
        picture_digest: Default::default(),
    })
}

/// Reads the optional land outline: rings of at least three (lon, lat) points.
fn check_land(c: &mut Checker) -> Vec<Vec<(f64, f64)>> {
    const FILE: &str = "land.toml";
    if !c.src.files.contains_key(FILE) {
        return Vec::new();
    }
    let Some(file) = c.parse::<raw::LandFile>(FILE) else {
        return Vec::new();
    };
    let mut rings = Vec::new();
    for ring in &file.land {
        let v = &ring.get_ref().lonlat;
        let valid = v.len() >= 6
            && v.len() % 2 == 0
            && v.chunks(2)
                .all(|p| (-180.0..=180.0).contains(&p[0]) && (-90.0..=90.0).contains(&p[1]));
        if !valid {
            c.err(
                FILE,
                ring.span(),
                "campaign.land",
                "a land ring needs at least three longitude, latitude pairs within the globe"
                    .into(),
                "",
            );
            continue;
        }
        rings.push(v.chunks(2).map(|p| (p[0], p[1])).collect());
    }
    rings
}

fn check_campaign_file(c: &mut Checker, f: &raw::CampaignFile) {
    let name = f.name.get_ref();
    if name.is_empty()
        || !name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        c.err(
            "campaign.toml",
            f.name.span(),
            "campaign.name",
            format!("campaign name `{name}` must be ASCII letters, digits, `-` or `_`"),
            "",
        );
    }
    let tz = f.time_zone.get_ref();
    let tz_ok = tz == "UTC"
        || (tz.contains('/')
            && tz
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"/_-+".contains(&b)));
    if !tz_ok {
        c.err(
            "campaign.toml",
            f.time_zone.span(),
            "campaign.time-zone",
            format!("`{tz}` is not an IANA time zone name"),
            "such as `Europe/Rome`",
        );
    }
}

fn check_nations(c: &mut Checker, f: &raw::NationsFile) -> Vec<Nation> {
    const FILE: &str = "nations.toml";
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for n in &f.nation {
        let n = n.get_ref();
        for name in [&n.name_it, &n.name_en] {
            check_name(c, FILE, name.span(), "nations.name", name.get_ref());
        }
        let code = n.code.get_ref();
        if code.is_empty() || code.len() > 4 || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            c.err(
                FILE,
                n.code.span(),
                "nations.code",
                format!("nation code `{code}` must be 1 to 4 uppercase ASCII letters"),
                "",
            );
        }
        if !seen.insert(code.clone()) {
            c.err(
                FILE,
                n.code.span(),
                "nations.duplicate",
                format!("nation `{code}` is defined twice"),
                "second definition",
            );
        }
        let colour = n.colour.get_ref();
        let colour_ok = colour.len() == 7
            && colour.starts_with('#')
            && colour[1..].bytes().all(|b| b.is_ascii_hexdigit());
        if !colour_ok {
            c.err(
                FILE,
                n.colour.span(),
                "nations.colour",
                format!("colour `{colour}` is not `#rrggbb`"),
                "",
            );
        }
        out.push(Nation {
            code: NationCode(code.clone()),
            name_it: n.name_it.get_ref().clone(),
            name_en: n.name_en.get_ref().clone(),
            colour: colour.clone(),
            fleet_limit: n.fleet_limit,
            played: n.played,
        });
    }
    if out.is_empty() {
        c.err(
            FILE,
            0..0,
            "nations.none",
            "the campaign has no nation".into(),
            "",
        );
    }
    out
}

fn check_tables(c: &mut Checker, t: &Tables) {
    const FILE: &str = "rules.toml";
    let whole = |c: &mut Checker, rule: &str, msg: String| {
        let text = c.src.text(FILE);
        let at = text
            .find(&format!("[{}", rule.trim_start_matches("rules.")))
            .unwrap_or(0);
        c.err(FILE, at..at, rule, msg, "");
    };
    let cal = &t.calendar;
    if cal.rounds == 0 || cal.years == 0 {
        whole(
            c,
            "rules.calendar",
            "a campaign needs at least one year and one round".into(),
        );
    }
    for (lang, months) in [("months_it", &cal.months_it), ("months_en", &cal.months_en)] {
        if months.len() != usize::from(cal.rounds) {
            whole(
                c,
                "rules.calendar",
                format!(
                    "`{lang}` names {} months for {} rounds",
                    months.len(),
                    cal.rounds
                ),
            );
        }
    }
    for hand in [Choice::Stop, Choice::Retreat, Choice::Attack] {
        for other in Choice::ALL {
            let n = t
                .encounters
                .cell
                .iter()
                .filter(|x| x.hand == hand && x.other == other)
                .count();
            if n != 1 {
                whole(c, "rules.encounters", format!("Table 34 has {n} cells for the moving side `{hand:?}` against `{other:?}`; it needs exactly one").to_lowercase());
            }
        }
    }
    if t.encounters.cell.iter().any(|x| x.hand == Choice::Withdraw) {
        whole(
            c,
            "rules.encounters",
            "the moving side cannot withdraw (G3c.1)".into(),
        );
    }
    for roll in 1..=6u8 {
        let n = t.events.entry.iter().filter(|e| e.roll == roll).count();
        if n != 1 {
            whole(
                c,
                "rules.events",
                format!("Table 36 has {n} entries for a roll of {roll}; it needs exactly one"),
            );
        }
    }
    let faces = [
        (
            "specialists.assassin_succeeds_on",
            &t.specialists.assassin_succeeds_on,
        ),
        ("fleets.storm_on", &t.fleets.storm_on),
        ("fleets.lost_on", &t.fleets.lost_on),
        ("epidemic.destroys_on", &t.epidemic.destroys_on),
        ("events.trigger_on", &t.events.trigger_on),
    ];
    for (name, list) in faces {
        if list.iter().any(|f| !(1..=6).contains(f)) {
            whole(
                c,
                "rules.faces",
                format!("`{name}` lists a face that a d6 does not have"),
            );
        }
    }
    let mut objectives = BTreeSet::new();
    for o in &t.victory.objective {
        if !objectives.insert(o.id) {
            whole(
                c,
                "rules.victory",
                format!("objective `{:?}` is listed twice", o.id),
            );
        }
    }
    if t.siege.bribe_step <= 0 {
        whole(c, "rules.siege", "`bribe_step` must be positive".into());
    }
}

/// Checks nodes, roads, sea zones, lanes, ports, connectivity and bans; builds the map.
/// A name every report, sheet and page shows: no control character (a line break would
/// split a line of a report or a header, a NUL end a string) and no bidirectional
/// override, which would make it read differently from how it is written.
fn check_name(c: &mut Checker, file: &str, span: Range<usize>, rule: &str, name: &str) {
    if let Some(bad) = name
        .chars()
        .find(|ch| ch.is_control() || crate::diag::is_bidi_control(*ch))
    {
        c.err(
            file,
            span,
            rule,
            format!(
                "the name `{}` holds a control character (U+{:04X}): names are one line of plain text",
                name.escape_debug(),
                u32::from(bad)
            ),
            "",
        );
    }
}

fn check_map(c: &mut Checker, f: &raw::MapFile, nations: &[Nation], tables: &Tables) -> Map {
    const FILE: &str = "map.toml";
    let nation_codes: BTreeSet<&str> = nations.iter().map(|n| n.code.as_str()).collect();
    // Nodes.
    let mut nodes = BTreeMap::new();
    let mut first_span = BTreeSet::new();
    for n in &f.node {
        let n = n.get_ref();
        check_name(c, FILE, n.name.span(), "map.name", n.name.get_ref());
        let code = n.code.get_ref().as_str();
        match split_node_code(code) {
            None => c.err(
                FILE,
                n.code.span(),
                "map.node-code",
                format!("node code `{code}` is not a nation prefix and a number"),
                "like `V8` or `HRI0`",
            ),
            Some((prefix, _)) if !nation_codes.contains(prefix) => c.err(
                FILE,
                n.code.span(),
                "map.node-code",
                format!("node code `{code}` does not start with a nation's code"),
                "no nation has this prefix",
            ),
            Some((_, number)) => {
                let capital = n.capital.as_ref().is_some_and(|c| *c.get_ref());
                if (number == 0) != capital {
                    let msg = if number == 0 {
                        format!("node `{code}` is numbered 0 but is not marked `capital = true`")
                    } else {
                        format!("node `{code}` is a capital but only a nation's node 0 may be")
                    };
                    let span = n.capital.as_ref().map_or(n.code.span(), |c| c.span());
                    c.err(FILE, span, "map.capital", msg, "the capital is node 0");
                }
            }
        }
        if !nation_codes.contains(n.owner.get_ref().as_str()) {
            c.err(
                FILE,
                n.owner.span(),
                "map.unknown-nation",
                format!("owner `{}` is not a nation", n.owner.get_ref()),
                "",
            );
        }
        if *n.kind.get_ref() == NodeKind::Fortress && !n.fortified.get_ref() {
            c.err(
                FILE,
                n.fortified.span(),
                "G2b.4",
                format!("fortress `{code}` must be fortified: fortresses are always fortified"),
                "set `fortified = true`",
            );
        }
        let (lat, lon) = (*n.lat.get_ref(), *n.lon.get_ref());
        if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lon) {
            c.err(
                FILE,
                n.lat.span(),
                "map.position",
                format!("position ({lat}, {lon}) of `{code}` is not a latitude and longitude"),
                "",
            );
        }
        if !first_span.insert(code.to_owned()) {
            c.err(
                FILE,
                n.code.span(),
                "map.duplicate",
                format!("node `{code}` is defined twice"),
                "second definition",
            );
            continue;
        }
        nodes.insert(code.to_owned(), n);
    }
    // Every nation that owns a node has its capital.
    for nation in nations {
        let owns_any = nodes
            .values()
            .any(|n| n.owner.get_ref() == nation.code.as_str());
        let capital = format!("{}0", nation.code);
        if (owns_any || nation.played) && !nodes.contains_key(&capital) {
            let span = c
                .src
                .text("nations.toml")
                .find(&format!("\"{}\"", nation.code))
                .map_or(0..0, |i| i..i + nation.code.as_str().len() + 2);
            c.diags.push(
                Diagnostic::at(
                    &c.src.path("nations.toml"),
                    c.src.text("nations.toml"),
                    span,
                    "map.capital-missing",
                    format!(
                        "nation `{}` has no capital: the map has no node `{capital}`",
                        nation.code
                    ),
                )
                .with_label("every nation with nodes needs its node 0"),
            );
        }
    }
    // Roads: known targets, no self-roads, no one-way roads.
    let mut roads = Vec::new();
    for n in nodes.values() {
        let from = n.code.get_ref();
        let mut listed = BTreeSet::new();
        for r in &n.roads {
            let to = r.get_ref();
            if !listed.insert(to.as_str()) {
                c.err(
                    FILE,
                    r.span(),
                    "map.duplicate-road",
                    format!("`{from}` lists its road to `{to}` twice"),
                    "",
                );
                continue;
            }
            if to == from {
                c.err(
                    FILE,
                    r.span(),
                    "map.self-road",
                    format!("node `{from}` has a road to itself"),
                    "",
                );
                continue;
            }
            let Some(target) = nodes.get(to.as_str()) else {
                c.err(
                    FILE,
                    r.span(),
                    "map.unknown-node",
                    format!("road from `{from}` to unknown node `{to}`"),
                    "no node has this code",
                );
                continue;
            };
            if !target.roads.iter().any(|b| b.get_ref() == from) {
                c.err(
                    FILE,
                    r.span(),
                    "map.one-way-road",
                    format!("road `{from}` → `{to}` is one-way: `{to}` does not list `{from}`"),
                    "roads run both ways; add it to the other node",
                );
                continue;
            }
            if from < to {
                roads.push((NodeCode(from.clone()), NodeCode(to.clone())));
            }
        }
    }
    // Sea zones, lanes and ports.
    let mut seas = BTreeMap::new();
    for s in &f.sea {
        let s = s.get_ref();
        check_name(c, FILE, s.name.span(), "map.name", s.name.get_ref());
        let code = s.code.get_ref();
        if code.is_empty() || !code.bytes().all(|b| b.is_ascii_uppercase()) {
            c.err(
                FILE,
                s.code.span(),
                "map.sea-code",
                format!("sea zone code `{code}` must be uppercase letters only"),
                "no digits, so it never reads as a node",
            );
        }
        if nodes.contains_key(code.as_str()) || seas.insert(code.clone(), s).is_some() {
            c.err(
                FILE,
                s.code.span(),
                "map.duplicate",
                format!("code `{code}` is defined twice"),
                "second definition",
            );
        }
    }
    let mut lanes = Vec::new();
    let mut ports = Vec::new();
    let mut port_seas: BTreeMap<&str, usize> = BTreeMap::new();
    for s in seas.values() {
        let from = s.code.get_ref();
        for l in &s.lanes {
            let to = l.get_ref();
            match seas.get(to) {
                None => c.err(
                    FILE,
                    l.span(),
                    "map.unknown-sea",
                    format!("sea lane from `{from}` to unknown sea zone `{to}`"),
                    "",
                ),
                Some(t) if !t.lanes.iter().any(|b| b.get_ref() == from) => c.err(
                    FILE,
                    l.span(),
                    "map.one-way-lane",
                    format!("sea lane `{from}` → `{to}` is one-way: `{to}` does not list `{from}`"),
                    "lanes run both ways",
                ),
                Some(_) if to == from => c.err(
                    FILE,
                    l.span(),
                    "map.self-road",
                    format!("sea zone `{from}` has a lane to itself"),
                    "",
                ),
                Some(_) => {
                    if from < to {
                        lanes.push((SeaCode(from.clone()), SeaCode(to.clone())));
                    }
                }
            }
        }
        for p in &s.ports {
            let port = p.get_ref();
            match nodes.get(port.as_str()) {
                None => c.err(
                    FILE,
                    p.span(),
                    "map.unknown-node",
                    format!("sea zone `{from}` lists unknown port `{port}`"),
                    "no node has this code",
                ),
                Some(n) if !n.port => c.err(
                    FILE,
                    p.span(),
                    "map.not-a-port",
                    format!("sea zone `{from}` lists `{port}`, which is not a port"),
                    "set `port = true` on the node",
                ),
                Some(_) => {
                    *port_seas.entry(port.as_str()).or_default() += 1;
                    ports.push((SeaCode(from.clone()), NodeCode(port.clone())));
                }
            }
        }
    }
    for n in nodes.values() {
        if n.port && !port_seas.contains_key(n.code.get_ref().as_str()) {
            c.err(
                FILE,
                n.code.span(),
                "map.port-without-sea",
                format!("port `{}` opens onto no sea zone", n.code.get_ref()),
                "list it in a `[[sea]]`'s `ports`",
            );
        }
    }
    check_reachable(c, &nodes, &roads, &seas, &lanes, &ports);
    // Bans.
    let mut bans = Vec::new();
    for b in &f.ban {
        let b = b.get_ref();
        let (nation, from, to) = (b.nation.get_ref(), b.from.get_ref(), b.to.get_ref());
        if !nation_codes.contains(nation.as_str()) {
            c.err(
                FILE,
                b.nation.span(),
                "map.unknown-nation",
                format!("ban for unknown nation `{nation}`"),
                "",
            );
        }
        for (end, span) in [(from, b.from.span()), (to, b.to.span())] {
            if !nodes.contains_key(end.as_str()) {
                c.err(
                    FILE,
                    span,
                    "map.unknown-node",
                    format!("ban names unknown node `{end}`"),
                    "",
                );
            }
        }
        if nodes.contains_key(from.as_str())
            && nodes.contains_key(to.as_str())
            && !roads.iter().any(|(a, z)| {
                (a.as_str() == from && z.as_str() == to) || (a.as_str() == to && z.as_str() == from)
            })
        {
            c.err(
                FILE,
                b.to.span(),
                "G3b.6",
                format!("ban on `{from}` → `{to}`, but no road joins them"),
                "a ban applies to a road",
            );
        }
        if b.rounds
            .get_ref()
            .iter()
            .any(|r| *r == 0 || *r > tables.calendar.rounds)
        {
            c.err(
                FILE,
                b.rounds.span(),
                "G3b.6",
                format!(
                    "ban rounds must lie between 1 and {}",
                    tables.calendar.rounds
                ),
                "",
            );
        }
        bans.push(Ban {
            nation: NationCode(nation.clone()),
            from: NodeCode(from.clone()),
            to: NodeCode(to.clone()),
            rounds: b.rounds.get_ref().clone(),
            note: b.note.clone(),
        });
    }
    // File order, first definition of each code only.
    let mut kept = BTreeSet::new();
    let built_nodes = f
        .node
        .iter()
        .map(|n| n.get_ref())
        .filter(|n| kept.insert(n.code.get_ref().as_str()))
        .map(|n| Node {
            code: NodeCode(n.code.get_ref().clone()),
            name: n.name.get_ref().clone(),
            kind: *n.kind.get_ref(),
            capital: n.capital.as_ref().is_some_and(|c| *c.get_ref()),
            port: n.port,
            owner: NationCode(n.owner.get_ref().clone()),
            fortified: *n.fortified.get_ref(),
            terrain: n.terrain,
            lat: *n.lat.get_ref(),
            lon: *n.lon.get_ref(),
        })
        .collect();
    let built_seas = seas
        .values()
        .map(|s| SeaZone {
            code: SeaCode(s.code.get_ref().clone()),
            name: s.name.get_ref().clone(),
            name_en: s.name_en.clone(),
            lat: s.lat,
            lon: s.lon,
        })
        .collect();
    Map::new(built_nodes, &roads, built_seas, &lanes, &ports, bans)
}

/// Every node and sea zone must be reachable from the first node, by roads, ports and
/// sea lanes together (islands are reached by sea).
fn check_reachable(
    c: &mut Checker,
    nodes: &BTreeMap<String, &raw::Node>,
    roads: &[(NodeCode, NodeCode)],
    seas: &BTreeMap<String, &raw::Sea>,
    lanes: &[(SeaCode, SeaCode)],
    ports: &[(SeaCode, NodeCode)],
) {
    let mut adj: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut link = |a: &str, b: &str| {
        adj.entry(a.to_owned()).or_default().push(b.to_owned());
        adj.entry(b.to_owned()).or_default().push(a.to_owned());
    };
    for (a, b) in roads {
        link(a.as_str(), b.as_str());
    }
    for (a, b) in lanes {
        link(a.as_str(), b.as_str());
    }
    for (s, p) in ports {
        link(s.as_str(), p.as_str());
    }
    let Some(first) = nodes.keys().next() else {
        c.err(
            "map.toml",
            0..0,
            "map.empty",
            "the map has no node".into(),
            "",
        );
        return;
    };
    let mut seen = BTreeSet::from([first.clone()]);
    let mut queue = VecDeque::from([first.clone()]);
    while let Some(x) = queue.pop_front() {
        for y in adj.get(&x).into_iter().flatten() {
            if seen.insert(y.clone()) {
                queue.push_back(y.clone());
            }
        }
    }
    for n in nodes.values() {
        if !seen.contains(n.code.get_ref()) {
            c.err(
                "map.toml",
                n.code.span(),
                "map.unreachable",
                format!(
                    "node `{}` cannot be reached from `{first}` by road or sea",
                    n.code.get_ref()
                ),
                "give it a road, or make it a port on a sea zone",
            );
        }
    }
    for s in seas.values() {
        if !seen.contains(s.code.get_ref()) {
            c.err(
                "map.toml",
                s.code.span(),
                "map.unreachable",
                format!(
                    "sea zone `{}` cannot be reached from `{first}`",
                    s.code.get_ref()
                ),
                "",
            );
        }
    }
}

/// Checks the 1494 start against the map and the rules, and builds it.
fn check_start(
    c: &mut Checker,
    f: &raw::StartFile,
    nations: &[Nation],
    map: &Map,
    tables: &Tables,
) -> Vec<StartNation> {
    const FILE: &str = "start.toml";
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for s in &f.nation {
        let s = s.get_ref();
        let code = s.code.get_ref();
        let Some(nation) = nations.iter().find(|n| n.code.as_str() == code) else {
            c.err(
                FILE,
                s.code.span(),
                "start.unknown-nation",
                format!("start for unknown nation `{code}`"),
                "",
            );
            continue;
        };
        if !seen.insert(code.clone()) {
            c.err(
                FILE,
                s.code.span(),
                "start.duplicate",
                format!("nation `{code}` has two starts"),
                "",
            );
            continue;
        }
        if *s.treasury.get_ref() < 0 {
            c.err(
                FILE,
                s.treasury.span(),
                "G2b.7",
                format!("treasury of `{code}` is negative"),
                "a treasury is never negative",
            );
        }
        let owned = |node: &str| map.node(node).is_some_and(|n| n.owner.as_str() == code);
        let no_armies = Vec::new();
        let armies = s.armies.as_ref().map_or(&no_armies, |a| a.get_ref());
        if armies.len() > tables.armies.max_armies as usize {
            let span = s.armies.as_ref().map_or(s.code.span(), |a| a.span());
            c.err(
                FILE,
                span,
                "G2b.1",
                format!(
                    "`{code}` starts with {} armies; a club may have at most {}",
                    armies.len(),
                    tables.armies.max_armies
                ),
                "",
            );
        }
        for force in armies.iter().chain(&s.garrisons) {
            let force = force.get_ref();
            let node = force.node.get_ref();
            if map.node(node).is_none() {
                c.err(
                    FILE,
                    force.node.span(),
                    "map.unknown-node",
                    format!("unknown node `{node}`"),
                    "no node has this code",
                );
            } else if !owned(node) {
                c.err(
                    FILE,
                    force.node.span(),
                    "start.not-owned",
                    format!("`{code}` starts with a force in `{node}`, which it does not own"),
                    "",
                );
            }
            if *force.value.get_ref() <= 0 {
                c.err(
                    FILE,
                    force.value.span(),
                    "start.value",
                    "a force must be worth more than 0 ducats".into(),
                    "",
                );
            }
        }
        for g in &s.garrisons {
            let g = g.get_ref();
            if map.node(g.node.get_ref()).is_some_and(|n| !n.fortified) {
                c.err(
                    FILE,
                    g.node.span(),
                    "G2b.3",
                    format!("garrison in `{}`, which is not fortified", g.node.get_ref()),
                    "garrisons hold fortified nodes only",
                );
            }
        }
        let no_fleets = Vec::new();
        let fleets = s.fleets.as_ref().map_or(&no_fleets, |f| f.get_ref());
        if fleets.len() as u32 > nation.fleet_limit {
            let span = s.fleets.as_ref().map_or(s.code.span(), |f| f.span());
            c.err(
                FILE,
                span,
                "G2b.6",
                format!(
                    "`{code}` starts with {} fleets, beyond its limit of {}",
                    fleets.len(),
                    nation.fleet_limit
                ),
                "fleet limits are in nations.toml",
            );
        }
        for fl in fleets {
            let port = fl.get_ref().port.get_ref();
            match map.node(port) {
                None => c.err(
                    FILE,
                    fl.get_ref().port.span(),
                    "map.unknown-node",
                    format!("unknown node `{port}`"),
                    "",
                ),
                Some(n) if !n.port => c.err(
                    FILE,
                    fl.get_ref().port.span(),
                    "G2b.6",
                    format!("fleet in `{port}`, which is not a port"),
                    "",
                ),
                Some(_) if !owned(port) => c.err(
                    FILE,
                    fl.get_ref().port.span(),
                    "start.not-owned",
                    format!("`{code}` starts with a fleet in `{port}`, which it does not own"),
                    "",
                ),
                Some(_) => {}
            }
        }
        out.push(StartNation {
            code: nation.code.clone(),
            treasury: *s.treasury.get_ref(),
            armies: armies
                .iter()
                .map(|a| StartArmy {
                    node: NodeCode(a.get_ref().node.get_ref().clone()),
                    value: *a.get_ref().value.get_ref(),
                })
                .collect(),
            garrisons: s
                .garrisons
                .iter()
                .map(|g| StartGarrison {
                    node: NodeCode(g.get_ref().node.get_ref().clone()),
                    value: *g.get_ref().value.get_ref(),
                })
                .collect(),
            fleets: fleets
                .iter()
                .map(|f| StartFleet {
                    port: NodeCode(f.get_ref().port.get_ref().clone()),
                })
                .collect(),
        });
    }
    out
}

/// Parses every ruleset file and checks it: its id is its file name, a seed game has
/// unit templates, a points-only game has its points, and the campaign's default
/// ruleset is among them.
pub(crate) fn rulesets(
    src: &Source,
) -> Result<Vec<crate::battle::ruleset::Ruleset>, Vec<Diagnostic>> {
    use crate::battle::ruleset::{Game, Ruleset};
    let mut c = Checker {
        src,
        diags: Vec::new(),
    };
    let mut out = Vec::new();
    for (file, text) in src.ruleset_files() {
        let rs = match Ruleset::parse(text) {
            Ok(rs) => rs,
            Err(e) => {
                c.err(
                    file,
                    e.span().unwrap_or(0..0),
                    "toml",
                    e.message().trim().to_owned(),
                    "",
                );
                continue;
            }
        };
        let stem = file
            .trim_start_matches(super::RULESETS_DIR)
            .trim_end_matches(".toml");
        let at = text
            .find(&format!("\"{}\"", rs.id))
            .map_or(0..0, |i| i..i + rs.id.len() + 2);
        if rs.id != stem {
            c.err(
                file,
                at.clone(),
                "ruleset.id",
                format!(
                    "ruleset id `{}` differs from its file name `{stem}.toml`",
                    rs.id
                ),
                "",
            );
        }
        match rs.game {
            Game::Points if rs.points.is_none() => c.err(
                file,
                at.clone(),
                "ruleset.points",
                "a points-only ruleset needs a `[points]` table".into(),
                "",
            ),
            Game::Points => {}
            _ if rs.templates.is_empty() || rs.templates.iter().any(|t| t.cost <= 0) => c.err(
                file,
                at.clone(),
                "ruleset.templates",
                "a seed game's ruleset needs unit templates, each with a positive cost (§0.5)"
                    .into(),
                "",
            ),
            _ => {}
        }
        for stray in rs.stray_template_names() {
            let span = text
                .find(&format!("\"{stray}\""))
                .map_or(at.clone(), |i| i..i + stray.len() + 2);
            c.err(
                file,
                span,
                "ruleset.templates",
                format!("`{stray}` in `[it.templates]` or `[en.templates]` is the name of no unit or leader template"),
                "",
            );
        }
        // The game's tables, typed and checked once here: a broken table is found when
        // the campaign loads, not at its first battle.
        if let Err(e) = crate::battle::game_tables(&rs) {
            c.err(
                file,
                e.span.clone().unwrap_or(at.clone()),
                "ruleset.tables",
                e.message.clone(),
                "",
            );
        } else if let Some((name, hint)) = unknown_reading(&rs) {
            let span = reading_key_place(text, name).unwrap_or(at.clone());
            let message = format!("unknown reading `{name}` for {}", rs.name);
            c.err(file, span, "ruleset.readings", message, &hint);
        } else if let Err(e) = crate::battle::check_readings(&rs) {
            // A reading's value is checked here, as the game reads it: a value the game
            // does not have is found when the campaign loads, with its place in the file.
            let message = match &e {
                crate::battle::BattleError::Data { message, .. } => message.clone(),
                other => other.to_string(),
            };
            let span = reading_named(&message)
                .and_then(|name| reading_place(text, name))
                .unwrap_or(at.clone());
            c.err(file, span, "ruleset.readings", message, "");
        }
        out.push(rs);
    }
    let default = toml::from_str::<raw::CampaignFile>(src.text("campaign.toml"))
        .ok()
        .map(|f| f.default_ruleset);
    if let Some(d) = default
        && !out.iter().any(|r| &r.id == d.get_ref())
    {
        c.err(
            "campaign.toml",
            d.span(),
            "ruleset.default",
            format!("default ruleset `{}` is not in rulesets/", d.get_ref()),
            "add rulesets/<id>.toml or name another",
        );
    }
    if c.diags.is_empty() {
        Ok(out)
    } else {
        Err(c.diags)
    }
}

/// The reading a game's error names (`reading MON_x = …`, ``reading `PIA_x` = …``,
/// ``READING `OTT_x` = …``).
fn reading_named(message: &str) -> Option<&str> {
    let rest = message
        .strip_prefix("reading ")
        .or_else(|| message.strip_prefix("READING "))?;
    let name = rest.trim_start_matches('`');
    let end = name.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))?;
    Some(&name[..end]).filter(|n| !n.is_empty())
}

/// The first reading of a ruleset its game does not have, with a hint: the nearest
/// name the game has, or the list of its names.
fn unknown_reading(rs: &crate::battle::ruleset::Ruleset) -> Option<(&str, String)> {
    let known = crate::battle::known_readings(rs.game);
    let name = rs.readings.keys().find(|k| !known.contains(&k.as_str()))?;
    let nearest = known
        .iter()
        .map(|k| (strsim::jaro_winkler(k, name), *k))
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .filter(|(d, _)| *d > 0.85);
    let hint = match nearest {
        Some((_, k)) => format!("did you mean `{k}`?"),
        None if known.is_empty() => "a points-only game has no readings".to_owned(),
        None => format!("its readings are: {}", known.join(", ")),
    };
    Some((name.as_str(), hint))
}

/// The line of the ruleset file's `[readings]` table that sets `name`: where it starts
/// in the text, and the line.
fn reading_line<'a>(text: &'a str, name: &str) -> Option<(usize, &'a str)> {
    let table = text.find("\n[readings]")? + 1;
    let mut lines = text[table..].split_inclusive('\n');
    let mut at = table + lines.next()?.len();
    for line in lines {
        if line.starts_with('[') {
            return None;
        }
        if line.split('=').next().unwrap_or("").trim() == name && line.contains('=') {
            return Some((at, line));
        }
        at += line.len();
    }
    None
}

/// Where a reading's name is written in the ruleset file's `[readings]` table.
fn reading_key_place(text: &str, name: &str) -> Option<Range<usize>> {
    let (at, line) = reading_line(text, name)?;
    let from = at + line.find(name)?;
    Some(from..from + name.len())
}

/// Where a reading's value is written in the ruleset file's `[readings]` table.
fn reading_place(text: &str, name: &str) -> Option<Range<usize>> {
    let (at, line) = reading_line(text, name)?;
    let eq = line.find('=')?;
    let value = line[eq + 1..].split('#').next().unwrap_or("").trim();
    let from = at + eq + 1 + line[eq + 1..].find(value).unwrap_or(0);
    Some(from..from + value.len())
}
