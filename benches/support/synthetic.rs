//! Synthetic large campaigns for the scaling benchmarks: the built-in definition
//! copied `k` times (k × the nodes, sea zones, nations, clubs, armies and garrisons),
//! each copy's nations given fresh codes, the copies joined by a road so the map stays
//! one connected whole. The result goes through the real validator
//! (`scenario::load`), so it is a campaign a referee could run.

#![allow(dead_code)] // each bench uses a part of this module

use giglio::bots;
use giglio::rules::order::OrderSet;
use giglio::rules::{Campaign, NationCode, Phase, PhaseId, World};
use giglio::scenario::{self, Source};
use std::collections::BTreeMap;
use toml::{Table, Value};

/// How one copy's codes are renamed: each nation gets a fresh four-letter code (nation
/// codes have at most four letters), node codes follow their nation, sea zones take a
/// two-letter suffix (`ADN` → `ADNAB`).
struct Renamer {
    nations: BTreeMap<String, String>,
    sfx: String,
}

/// Letters for a number: `AAAA`, `AAAB`, … (`width` letters).
fn letters(mut n: usize, width: usize) -> String {
    let mut out = vec![b'A'; width];
    for slot in out.iter_mut().rev() {
        *slot = b'A' + (n % 26) as u8;
        n /= 26;
    }
    assert_eq!(n, 0, "too many copies");
    String::from_utf8(out).expect("ASCII")
}

impl Renamer {
    /// The renaming of copy `k` of a definition whose nations are `codes`.
    fn new(k: usize, codes: &[String]) -> Renamer {
        Renamer {
            nations: codes
                .iter()
                .enumerate()
                .map(|(j, c)| (c.clone(), letters(k * codes.len() + j, 4)))
                .collect(),
            sfx: letters(k, 2),
        }
    }

    /// Renames a node code (`V3` → `AAAB3`), a nation code or a sea code.
    fn code(&self, code: &str) -> String {
        let digits = code
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(code.len());
        let (head, tail) = code.split_at(digits);
        match self.nations.get(head) {
            Some(n) => format!("{n}{tail}"),
            None => format!("{head}{}{tail}", self.sfx),
        }
    }
}

fn rename_value(v: &mut Value, r: &Renamer) {
    match v {
        Value::String(s) => *s = r.code(s),
        Value::Array(a) => a.iter_mut().for_each(|x| rename_value(x, r)),
        _ => {}
    }
}

/// Renames the listed keys of every table in `tables[key]`.
fn rename_in(t: &mut Table, array: &str, keys: &[&str], r: &Renamer) {
    if let Some(Value::Array(items)) = t.get_mut(array) {
        for item in items.iter_mut() {
            if let Value::Table(x) = item {
                for k in keys {
                    if let Some(v) = x.get_mut(*k) {
                        rename_value(v, r);
                    }
                }
            }
        }
    }
}

/// Appends the suffix to every name so the copies read apart in reports.
fn suffix_names(t: &mut Table, array: &str, keys: &[&str], sfx: &str) {
    if let Some(Value::Array(items)) = t.get_mut(array) {
        for item in items.iter_mut() {
            if let Value::Table(x) = item {
                for k in keys {
                    if let Some(Value::String(s)) = x.get_mut(*k) {
                        s.push(' ');
                        s.push_str(sfx);
                    }
                }
            }
        }
    }
}

fn parse(text: &str) -> Table {
    text.parse().expect("a built-in file parses")
}

fn array(t: &Table, key: &str) -> Vec<Value> {
    t.get(key)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// One copy of map.toml, nations.toml and start.toml, renamed.
fn copy(base: &Source, r: &Renamer) -> (Table, Table, Table) {
    let sfx = r.sfx.as_str();
    let mut map = parse(base.text("map.toml"));
    rename_in(&mut map, "node", &["code", "owner", "roads"], r);
    suffix_names(&mut map, "node", &["name"], sfx);
    rename_in(&mut map, "sea", &["code", "lanes", "ports"], r);
    suffix_names(&mut map, "sea", &["name"], sfx);
    rename_in(&mut map, "ban", &["nation", "from", "to"], r);
    let mut nations = parse(base.text("nations.toml"));
    rename_in(&mut nations, "nation", &["code"], r);
    suffix_names(&mut nations, "nation", &["name_it", "name_en"], sfx);
    let mut start = parse(base.text("start.toml"));
    rename_in(&mut start, "nation", &["code"], r);
    if let Some(Value::Array(items)) = start.get_mut("nation") {
        for item in items.iter_mut() {
            let Value::Table(n) = item else { continue };
            for (list, key) in [
                ("armies", "node"),
                ("garrisons", "node"),
                ("fleets", "port"),
            ] {
                if let Some(Value::Array(xs)) = n.get_mut(list) {
                    for x in xs.iter_mut() {
                        if let Some(v) = x.as_table_mut().and_then(|t| t.get_mut(key)) {
                            rename_value(v, r);
                        }
                    }
                }
            }
        }
    }
    (map, nations, start)
}

/// Adds a road between `a` and `b` (both ends, as the map requires).
fn join(nodes: &mut [Value], a: &str, b: &str) {
    for n in nodes.iter_mut() {
        let Some(t) = n.as_table_mut() else { continue };
        let code = t.get("code").and_then(Value::as_str).map(str::to_owned);
        let other = match code.as_deref() {
            Some(c) if c == a => b,
            Some(c) if c == b => a,
            _ => continue,
        };
        if let Some(Value::Array(roads)) = t.get_mut("roads") {
            roads.push(Value::String(other.to_owned()));
        }
    }
}

/// Returns the built-in definition copied `k` times.
pub fn source(k: usize) -> Source {
    let base = Source::builtin("il-giglio").expect("built in");
    let (mut nodes, mut seas, mut bans, mut nations, mut starts) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let codes: Vec<String> = array(&parse(base.text("nations.toml")), "nation")
        .iter()
        .filter_map(|n| n.get("code").and_then(Value::as_str).map(str::to_owned))
        .collect();
    let renamers: Vec<Renamer> = (0..k).map(|i| Renamer::new(i, &codes)).collect();
    for r in &renamers {
        let (map, n, s) = copy(&base, r);
        nodes.extend(array(&map, "node"));
        seas.extend(array(&map, "sea"));
        bans.extend(array(&map, "ban"));
        nations.extend(array(&n, "nation"));
        starts.extend(array(&s, "nation"));
    }
    // A road joins each copy's last node to the next copy's.
    let last = array(&parse(base.text("map.toml")), "node")
        .last()
        .and_then(|n| n.get("code").and_then(Value::as_str).map(str::to_owned))
        .expect("a node");
    for pair in renamers.windows(2) {
        join(&mut nodes, &pair[0].code(&last), &pair[1].code(&last));
    }
    let mut files = base.files.clone();
    let mut put = |name: &str, pairs: Vec<(&str, Vec<Value>)>| {
        let t: Table = pairs
            .into_iter()
            .map(|(k, v)| (k.to_owned(), Value::Array(v)))
            .collect();
        files.insert(name.to_owned(), toml::to_string(&t).expect("serializes"));
    };
    put(
        "map.toml",
        vec![("node", nodes), ("sea", seas), ("ban", bans)],
    );
    put("nations.toml", vec![("nation", nations)]);
    put("start.toml", vec![("nation", starts)]);
    Source {
        root: format!("synthetic-x{k}"),
        files,
    }
}

/// A campaign `k` times the built-in one and its first summer round, with every club's
/// bot orders for it.
pub struct Round {
    pub campaign: Campaign,
    pub world: World,
    pub orders: BTreeMap<NationCode, OrderSet>,
}

/// Builds the campaign and opens its first summer round from the starting position.
///
/// The spring is not resolved (the benchmark measures a summer round): the move order
/// is the clubs' order; everything else is the starting position.
pub fn summer_round(k: usize) -> Round {
    let campaign = match scenario::load(&source(k)) {
        Ok(c) => c,
        Err(d) => panic!(
            "the synthetic x{k} campaign is invalid: {}",
            d.iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        ),
    };
    first_round(campaign)
}

/// Opens the first summer round of a campaign from its starting position (see
/// [`summer_round`]), with every club's bot orders.
pub fn first_round(campaign: Campaign) -> Round {
    let clubs: Vec<NationCode> = campaign
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    let mut world = World::start(&campaign, &clubs);
    world.phase = PhaseId {
        year: world.phase.year,
        phase: Phase::Round(1),
    };
    world.move_order = clubs;
    let orders = bot_orders(&campaign, &world);
    Round {
        campaign,
        world,
        orders,
    }
}

/// Every club's bot orders for the open phase.
pub fn bot_orders(c: &Campaign, w: &World) -> BTreeMap<NationCode, OrderSet> {
    w.clubs
        .iter()
        .map(|n| (n.clone(), bots::orders(c, w, n)))
        .collect()
}
