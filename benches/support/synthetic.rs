//! Synthetic large campaigns for the scaling benchmarks: the built-in definition
//! copied `k` times (k × the nodes, sea zones, nations, clubs, armies and garrisons),
//! each copy's codes given a two-letter suffix, the copies joined by a road so the map
//! stays one connected whole. The result goes through the real validator
//! (`scenario::load`), so it is a campaign a referee could run.

#![allow(dead_code)] // each bench uses a part of this module

use giglio::bots;
use giglio::rules::dice::SeededDice;
use giglio::rules::order::OrderSet;
use giglio::rules::resolve::resolve;
use giglio::rules::{Campaign, NationCode, World};
use giglio::scenario::{self, Source};
use std::collections::BTreeMap;
use toml::{Table, Value};

/// The suffix of copy `k`: `AA`, `AB`, … (676 copies at most).
fn suffix(k: usize) -> String {
    assert!(k < 26 * 26, "at most 676 copies");
    let l = |i: usize| char::from(b'A' + i as u8);
    format!("{}{}", l(k / 26), l(k % 26))
}

/// Renames a node code (`V3` → `VAB3`) or a letters-only code (`V`, `ADN`).
fn rename(code: &str, sfx: &str) -> String {
    let digits = code.find(|c: char| c.is_ascii_digit()).unwrap_or(code.len());
    format!("{}{sfx}{}", &code[..digits], &code[digits..])
}

fn rename_value(v: &mut Value, sfx: &str) {
    match v {
        Value::String(s) => *s = rename(s, sfx),
        Value::Array(a) => a.iter_mut().for_each(|x| rename_value(x, sfx)),
        _ => {}
    }
}

/// Renames the listed keys of every table in `tables[key]`.
fn rename_in(t: &mut Table, array: &str, keys: &[&str], sfx: &str) {
    if let Some(Value::Array(items)) = t.get_mut(array) {
        for item in items.iter_mut() {
            if let Value::Table(x) = item {
                for k in keys {
                    if let Some(v) = x.get_mut(*k) {
                        rename_value(v, sfx);
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

/// One copy of map.toml, nations.toml and start.toml under a suffix.
fn copy(base: &Source, sfx: &str) -> (Table, Table, Table) {
    let mut map = parse(base.text("map.toml"));
    rename_in(&mut map, "node", &["code", "owner", "roads"], sfx);
    suffix_names(&mut map, "node", &["name"], sfx);
    rename_in(&mut map, "sea", &["code", "lanes", "ports"], sfx);
    suffix_names(&mut map, "sea", &["name"], sfx);
    rename_in(&mut map, "ban", &["nation", "from", "to"], sfx);
    let mut nations = parse(base.text("nations.toml"));
    rename_in(&mut nations, "nation", &["code"], sfx);
    suffix_names(&mut nations, "nation", &["name_it", "name_en"], sfx);
    let mut start = parse(base.text("start.toml"));
    rename_in(&mut start, "nation", &["code"], sfx);
    if let Some(Value::Array(items)) = start.get_mut("nation") {
        for item in items.iter_mut() {
            let Value::Table(n) = item else { continue };
            for (list, key) in [("armies", "node"), ("garrisons", "node"), ("fleets", "port")] {
                if let Some(Value::Array(xs)) = n.get_mut(list) {
                    for x in xs.iter_mut() {
                        if let Some(v) = x.as_table_mut().and_then(|t| t.get_mut(key)) {
                            rename_value(v, sfx);
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
    // The road joining copy i to copy i+1 runs between their last nodes.
    let last = array(&parse(base.text("map.toml")), "node")
        .last()
        .and_then(|n| n.get("code").and_then(Value::as_str).map(str::to_owned))
        .expect("a node");
    for i in 0..k {
        let (map, n, s) = copy(&base, &suffix(i));
        nodes.extend(array(&map, "node"));
        seas.extend(array(&map, "sea"));
        bans.extend(array(&map, "ban"));
        nations.extend(array(&n, "nation"));
        starts.extend(array(&s, "nation"));
    }
    for i in 1..k {
        join(
            &mut nodes,
            &rename(&last, &suffix(i - 1)),
            &rename(&last, &suffix(i)),
        );
    }
    let mut files = base.files.clone();
    let mut put = |name: &str, pairs: Vec<(&str, Vec<Value>)>| {
        let t: Table = pairs
            .into_iter()
            .map(|(k, v)| (k.to_owned(), Value::Array(v)))
            .collect();
        files.insert(name.to_owned(), toml::to_string(&t).expect("serializes"));
    };
    put("map.toml", vec![("node", nodes), ("sea", seas), ("ban", bans)]);
    put("nations.toml", vec![("nation", nations)]);
    put("start.toml", vec![("nation", starts)]);
    Source {
        root: format!("synthetic-x{k}"),
        files,
    }
}

/// A campaign `k` times the built-in one and its first summer round: the world after
/// a spring every club played by bot, and each club's bot orders for the round.
pub struct Round {
    pub campaign: Campaign,
    pub world: World,
    pub orders: BTreeMap<NationCode, OrderSet>,
}

/// Builds the campaign and plays its spring.
pub fn summer_round(k: usize) -> Round {
    let campaign = match scenario::load(&source(k)) {
        Ok(c) => c,
        Err(d) => panic!(
            "the synthetic x{k} campaign is invalid: {}",
            d.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n")
        ),
    };
    let clubs: Vec<NationCode> = campaign
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    let spring = World::start(&campaign, &clubs);
    let orders = bot_orders(&campaign, &spring);
    let r = resolve(
        &campaign,
        &spring,
        &orders,
        &BTreeMap::new(),
        &mut SeededDice::new([7; 32]),
    )
    .expect("spring resolves");
    let world = r.next.expect("a summer round opens");
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
