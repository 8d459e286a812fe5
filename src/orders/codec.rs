//! Writing orders as an order file: what bots send, what sheets and the order page
//! offer, what receipts echo, and a club could type.
//!
//! Orders are turned into the file's own types (`raw`, the ones a file is read into)
//! and written by serde and `toml`, so every value is quoted as TOML quotes it and
//! `lower(unparse(h, set))` gives back `set`, names with any character included. `toml`
//! writes a document's nested tables as sections; the file's layout keeps a club's
//! orders as they were given and their small tables inline (`objective = { … }`,
//! `spy = { … }`, `ratings = { … }`), so the values are written by `toml` as one inline
//! table, and laid out here as lines, key by key in the type's order.

use super::MAX_NAME_CHARS;
use super::raw::{self, OrderFile, unspanned as sp};
use crate::rules::order::{
    AssassinTarget, FleetTo, OobLeader, OobUnit, OrderKind, OrderSet, Piece, SapperAt,
};
use crate::scenario::clubs::clean_text;
use serde::Serialize;
use std::fmt::Write as _;
use toml::Spanned;

/// Returns the text of an order file for `club` and `phase` carrying `set`: the header,
/// the orders written as keys of the file (loan, objective, Strategos, alliances), then
/// one `[[table]]` per order, in the set's order.
pub fn unparse(club: &str, phase: &str, secret: Option<&str>, set: &OrderSet) -> String {
    let mut head = OrderFile::new(club, phase);
    head.secret = secret.map(|s| sp(s.to_owned()));
    let mut top = lay_out(&head).keys;
    let mut tables = String::new();
    // Alliances are one list, written after the other keys as a club lists them.
    let mut alliances = OrderFile::new("", "");
    for o in &set.orders {
        if let OrderKind::Alliance { with } = &o.kind {
            alliances.alliances.push(sp(with.to_string()));
            continue;
        }
        let one = lay_out(&file_of(&o.kind));
        top.push_str(&one.keys);
        tables.push_str(&one.sections);
    }
    top.push_str(&lay_out(&alliances).keys);
    top + &tables
}

/// Returns one order as it stands in an order file: a `[[table]]` block, or a top-level
/// line (`loan = 100`) for the orders written as keys of the file.
pub fn unparse_order(kind: &OrderKind) -> String {
    let one = lay_out(&file_of(kind));
    (one.keys + &one.sections).trim_matches('\n').to_owned()
}

/// A string as the file writes it, quoted by `toml` (`"V"`): for the order page, which
/// assembles a list of them (alliances) or fills one in (a spy's choice).
pub fn quoted(s: &str) -> String {
    toml::Value::String(s.to_owned()).to_string()
}

/// A file without header that carries one order.
fn file_of(kind: &OrderKind) -> OrderFile {
    let mut f = OrderFile::new("", "");
    if !add_spring(&mut f, kind) {
        add_round(&mut f, kind);
    }
    f
}

/// A code as the file writes it: a unit variant's serde name (`most_ports`, `attack`).
fn word<T: Serialize>(v: &T) -> Spanned<String> {
    let text = toml::Value::try_from(v)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    sp(text)
}

fn piece(p: &Piece) -> Spanned<String> {
    sp(match p {
        Piece::Army(id) => id.to_string(),
        Piece::Diplomat(id) => id.to_string(),
    })
}

/// Adds a spring order (G2) to `f`; false for an order of another phase.
fn add_spring(f: &mut OrderFile, kind: &OrderKind) -> bool {
    let node = |n: &dyn ToString| {
        sp(raw::RawNode {
            node: sp(n.to_string()),
        })
    };
    match kind {
        OrderKind::Loan { amount } => f.loan = Some(sp(*amount)),
        OrderKind::Objective(obj) => {
            f.objective = Some(sp(raw::RawObjective {
                kind: word(&obj.kind),
                target: obj.target.as_ref().map(|t| sp(t.to_string())),
            }));
        }
        OrderKind::StrategosBid { amount, move_order } => {
            f.strategos = Some(sp(raw::RawStrategos {
                bid: sp(*amount),
                move_order: move_order.iter().map(|n| sp(n.to_string())).collect(),
            }));
        }
        OrderKind::Alliance { with } => f.alliances.push(sp(with.to_string())),
        OrderKind::Raise { node, value } => f.raise.push(sp(raw::RawRaise {
            node: sp(node.to_string()),
            value: sp(*value),
        })),
        OrderKind::Reinforce { army, value } => f.reinforce.push(sp(raw::RawArmyValue {
            army: sp(army.to_string()),
            value: sp(*value),
        })),
        OrderKind::Transfer { from, to, value } => f.transfer.push(sp(raw::RawTransfer {
            from: sp(from.to_string()),
            to: sp(to.to_string()),
            value: sp(*value),
        })),
        OrderKind::Garrison { army, value, node } => f.garrison.push(sp(raw::RawGarrison {
            army: sp(army.to_string()),
            value: sp(*value),
            node: node.as_ref().map(|n| sp(n.to_string())),
        })),
        OrderKind::Fortify { node: n } => f.fortify.push(node(n)),
        OrderKind::Repair { node: n } => f.repair.push(node(n)),
        OrderKind::HireSapper { at } => f.hire.push(hire(
            "sapper",
            match at {
                SapperAt::Army(a) => (Some(a.to_string()), None),
                SapperAt::Node(n) => (None, Some(n.to_string())),
            },
        )),
        OrderKind::HireDiplomat { node } => {
            f.hire
                .push(hire("diplomat", (None, Some(node.to_string()))));
        }
        OrderKind::HireSpy => f.hire.push(hire("spy", (None, None))),
        OrderKind::HireAssassin => f.hire.push(hire("assassin", (None, None))),
        OrderKind::BuildFleet { port } => f.fleet.push(sp(raw::RawPort {
            port: sp(port.to_string()),
        })),
        _ => return false,
    }
    true
}

/// A `[[hire]]` of `specialist`, attached to an army or a node.
fn hire(specialist: &str, (army, node): (Option<String>, Option<String>)) -> Spanned<raw::RawHire> {
    sp(raw::RawHire {
        specialist: sp(specialist.to_owned()),
        army: army.map(sp),
        node: node.map(sp),
    })
}

/// Adds an order of a summer round (G3) to `f`.
fn add_round(f: &mut OrderFile, kind: &OrderKind) {
    match kind {
        OrderKind::Move { piece: p, path } => f.moves.push(sp(raw::RawMove {
            piece: piece(p),
            path: sp(raw::RawPath::List(
                path.iter().map(ToString::to_string).collect(),
            )),
        })),
        OrderKind::Stance {
            piece: p,
            on_contact,
            when_contacted,
            spy,
            retreat_to,
        } => f.stance.push(sp(raw::RawStance {
            piece: piece(p),
            on_contact: on_contact.as_ref().map(word),
            when_contacted: when_contacted.as_ref().map(word),
            retreat_to: retreat_to.as_ref().map(|n| sp(n.to_string())),
            spy: spy.as_ref().map(|s| {
                sp(raw::RawSpy {
                    enemy_at_most: sp(s.enemy_at_most),
                    then: word(&s.then),
                    otherwise: word(&s.otherwise),
                })
            }),
        })),
        OrderKind::Siege { army, bribe, lift } => f.siege.push(sp(raw::RawSiege {
            army: sp(army.to_string()),
            bribe: Some(sp(*bribe)),
            // A siege goes on until lifted: `lift = false` is not written.
            lift: lift.then(|| sp(true)),
        })),
        OrderKind::Assassin { target } => f.assassin.push(sp(assassin(target))),
        OrderKind::FleetMove { fleet, to } => f.fleet_move.push(sp(raw::RawFleetMove {
            fleet: sp(fleet.to_string()),
            to: sp(match to {
                FleetTo::Sea(z) => z.to_string(),
                FleetTo::Port(p) => p.to_string(),
            }),
        })),
        OrderKind::Embark { fleet, army } => f.embark.push(sp(raw::RawEmbark {
            fleet: sp(fleet.to_string()),
            army: sp(army.to_string()),
        })),
        OrderKind::Land { fleet, node } => f.land.push(sp(raw::RawLand {
            fleet: sp(fleet.to_string()),
            node: sp(node.to_string()),
        })),
        OrderKind::EncounterReply { encounter, choice } => {
            f.encounter.push(sp(raw::RawEncounter {
                id: sp(encounter.clone()),
                choice: word(choice),
            }));
        }
        OrderKind::BattleResult {
            battle,
            winner,
            losses,
        } => f.battle_result.push(sp(raw::RawBattleResult {
            battle: sp(battle.clone()),
            winner: winner.as_ref().map(|w| sp(w.to_string())),
            losses: sp(losses.iter().map(|(n, v)| (n.to_string(), *v)).collect()),
        })),
        OrderKind::OrderOfBattle {
            battle,
            ruleset,
            units,
            leaders,
        } => f.order_of_battle.push(sp(raw::RawOrderOfBattle {
            battle: sp(battle.clone()),
            ruleset: sp(ruleset.clone()),
            unit: units.iter().map(unit).collect(),
            leader: leaders.iter().map(leader).collect(),
        })),
        // Every spring order was added by `add_spring`.
        _ => {}
    }
}

fn assassin(target: &AssassinTarget) -> raw::RawAssassin {
    let mut a = raw::RawAssassin {
        target: sp(String::new()),
        army: None,
        node: None,
        diplomat: None,
        nation: None,
    };
    let (what, slot, code) = match target {
        AssassinTarget::Commander(x) => ("commander", &mut a.army, x.to_string()),
        AssassinTarget::CommanderAt(n) => ("commander", &mut a.node, n.to_string()),
        AssassinTarget::ArmySapper(x) => ("sapper", &mut a.army, x.to_string()),
        AssassinTarget::NodeSapper(n) => ("sapper", &mut a.node, n.to_string()),
        AssassinTarget::Diplomat(d) => ("diplomat", &mut a.diplomat, d.to_string()),
        AssassinTarget::Spy(n) => ("spy", &mut a.nation, n.to_string()),
    };
    *slot = Some(sp(code));
    a.target = sp(what.to_owned());
    a
}

/// A unit's name is written as the reader keeps it: a control or bidirectional
/// character, which reading drops (and which, written, would make the file refused),
/// is not written.
fn unit(u: &OobUnit) -> Spanned<raw::RawOobUnit> {
    sp(raw::RawOobUnit {
        name: clean_text(&u.name, MAX_NAME_CHARS),
        kind: sp(u.kind.clone()),
        campaign_value: sp(u.campaign_value),
        ratings: u.ratings.clone(),
    })
}

fn leader(l: &OobLeader) -> Spanned<raw::RawOobLeader> {
    sp(raw::RawOobLeader {
        name: clean_text(&l.name, MAX_NAME_CHARS),
        ratings: l.ratings.clone(),
    })
}

/// A file's text in two parts: its keys (`club = "V"`, `loan = 100`) and its sections
/// (`[[raise]]` and the lines under it, each after a blank line).
#[derive(Default)]
struct Layout {
    keys: String,
    sections: String,
}

/// Lays out `file` as `toml` writes it: written as one inline table, whose keys become
/// lines in the order of the type's fields, and whose arrays of tables (`[[raise]]`,
/// `[[order_of_battle.unit]]`) become sections; every value keeps `toml`'s own text.
/// The inline table is read by [`entries`] and [`items`], which know only what `toml`
/// writes (they never read a club's file): the page offers a few hundred orders a club,
/// and reading each back with `toml`'s parser was most of their cost.
fn lay_out(file: &OrderFile) -> Layout {
    let mut text = String::new();
    file.serialize(toml::ser::ValueSerializer::new(&mut text))
        .unwrap_or_else(|e| unreachable!("an order file always serializes: {e}"));
    let mut out = Layout::default();
    lay_out_table(&text, "", &mut out);
    out
}

/// Lays out the inline table `t` (its text, braces included), whose sections are named
/// under `path`.
fn lay_out_table(t: &str, path: &str, out: &mut Layout) {
    for (key, value) in entries(t) {
        let list = value.starts_with('[').then(|| items(value));
        let tables: Vec<&str> = (list.iter().flatten())
            .copied()
            .filter(|i| i.starts_with('{'))
            .collect();
        if tables.is_empty() {
            // A file gives no alliance as no `alliances` key, not as `alliances = []`.
            let empty = list.is_some_and(|l| l.is_empty());
            if !(empty && path.is_empty()) {
                let _ = writeln!(out.keys, "{key} = {value}");
            }
            continue;
        }
        let name = format!("{path}{key}");
        for t in tables {
            let mut inner = Layout::default();
            lay_out_table(t, &format!("{name}."), &mut inner);
            let _ = write!(
                out.sections,
                "\n[[{name}]]\n{}{}",
                inner.keys, inner.sections
            );
        }
    }
}

/// The keys and values' texts of the inline table `t` (braces included), in order.
fn entries(t: &str) -> Vec<(&str, &str)> {
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut i = blank_end(b, 1);
    while i < b.len() && b[i] != b'}' {
        let key_end = match b[i] {
            b'"' | b'\'' => string_end(b, i),
            _ => {
                let bare = b[i..].iter().position(|c| matches!(c, b' ' | b'\t' | b'='));
                i + bare.unwrap_or(b.len() - i)
            }
        };
        let at = blank_end(b, blank_end(b, key_end) + 1);
        let end = value_end(b, at);
        out.push((&t[i..key_end], &t[at..end]));
        i = blank_end(b, end);
        if b.get(i) == Some(&b',') {
            i = blank_end(b, i + 1);
        }
    }
    out
}

/// The items' texts of the inline array `a` (brackets included), in order.
fn items(a: &str) -> Vec<&str> {
    let b = a.as_bytes();
    let mut out = Vec::new();
    let mut i = blank_end(b, 1);
    while i < b.len() && b[i] != b']' {
        let end = value_end(b, i);
        out.push(&a[i..end]);
        i = blank_end(b, end);
        if b.get(i) == Some(&b',') {
            i = blank_end(b, i + 1);
        }
    }
    out
}

/// Past the blanks (and line breaks, in an array) from `i`.
fn blank_end(b: &[u8], mut i: usize) -> usize {
    while b
        .get(i)
        .is_some_and(|c| matches!(c, b' ' | b'\t' | b'\n' | b'\r'))
    {
        i += 1;
    }
    i
}

/// The end of the value that starts at `i`: a string, an array or inline table (with
/// all they hold), or a bare word (a number, `true`).
fn value_end(b: &[u8], i: usize) -> usize {
    match b.get(i) {
        Some(b'"' | b'\'') => string_end(b, i),
        Some(b'[' | b'{') => {
            let mut depth = 0usize;
            let mut j = i;
            while j < b.len() {
                match b[j] {
                    b'"' | b'\'' => {
                        j = string_end(b, j);
                        continue;
                    }
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            return j + 1;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            b.len()
        }
        _ => {
            let bare = b[i.min(b.len())..]
                .iter()
                .position(|c| matches!(c, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'));
            i + bare.unwrap_or(b.len().saturating_sub(i))
        }
    }
}

/// The end of the string that starts at `i`, in any of TOML's four forms: basic (`"`,
/// with backslash escapes) or literal (`'`), on one line or multi-line (three quotes,
/// which may follow up to two of the string's own).
fn string_end(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let triple = |j: usize| b.get(j..j + 3) == Some(&[q, q, q][..]);
    let multi = triple(i);
    let mut j = if multi { i + 3 } else { i + 1 };
    while j < b.len() {
        if q == b'"' && b[j] == b'\\' {
            j += 2;
            continue;
        }
        if b[j] == q && !multi {
            return j + 1;
        }
        if multi && triple(j) {
            let mut end = j + 3;
            while end < j + 5 && b.get(end) == Some(&q) {
                end += 1;
            }
            return end;
        }
        j += 1;
    }
    b.len()
}

#[cfg(test)]
mod order_tests {
    use super::*;
    use crate::rules::ids::{ArmyId, NodeCode};

    /// The layout as before [`entries`]: the inline table read back by `toml`'s parser.
    fn lay_out_parsed(file: &OrderFile) -> String {
        use toml::de::{DeTable, DeValue};
        fn table(text: &str, t: &DeTable, path: &str, out: &mut Layout) {
            let mut entries: Vec<_> = t.iter().collect();
            entries.sort_by_key(|(k, _)| k.span().start);
            for (k, v) in entries {
                let key = &text[k.span()];
                let tables: Vec<&DeTable> = match v.get_ref() {
                    DeValue::Array(items) => items
                        .iter()
                        .filter_map(|i| match i.get_ref() {
                            DeValue::Table(t) => Some(t),
                            _ => None,
                        })
                        .collect(),
                    _ => Vec::new(),
                };
                if tables.is_empty() {
                    let empty = matches!(v.get_ref(), DeValue::Array(items) if items.is_empty());
                    if !(empty && path.is_empty()) {
                        let _ = writeln!(out.keys, "{key} = {}", &text[v.span()]);
                    }
                    continue;
                }
                let name = format!("{path}{key}");
                for t in tables {
                    let mut inner = Layout::default();
                    table(text, t, &format!("{name}."), &mut inner);
                    let _ = write!(
                        out.sections,
                        "\n[[{name}]]\n{}{}",
                        inner.keys, inner.sections
                    );
                }
            }
        }
        let mut text = String::new();
        file.serialize(toml::ser::ValueSerializer::new(&mut text))
            .expect("serializes");
        let value = DeValue::parse(&text).expect("parses");
        let mut out = Layout::default();
        if let DeValue::Table(t) = value.get_ref() {
            table(&text, t, "", &mut out);
        }
        out.keys + &out.sections
    }

    /// Names with quotes of both kinds, three in a row, backslashes and every sort of
    /// character: laid out as `toml`'s own parser reads the inline table.
    #[test]
    fn the_layout_is_the_one_toml_reads() {
        let names = [
            "plain",
            "l'ala \"destra\"",
            "'''tre'''",
            "\"\"\"tre\"\"\"",
            "ends with '",
            "ends with \"",
            "back\\slash \\\"",
            "{[,]} = #",
            "Fanti\u{ad}a \u{200d}",
            "''\"\"''\"",
            "line\nbreak",
            "'''\n\"\"\"'",
        ];
        for name in names {
            let kind = OrderKind::OrderOfBattle {
                battle: "1494-r02-F7".into(),
                ruleset: "mon1628".into(),
                units: vec![OobUnit {
                    name: name.into(),
                    kind: name.into(),
                    campaign_value: 100,
                    ratings: [("q".to_string(), 3)].into(),
                }],
                leaders: vec![OobLeader {
                    name: name.into(),
                    ratings: Default::default(),
                }],
            };
            let file = file_of(&kind);
            let got = lay_out(&file);
            assert_eq!(got.keys + &got.sections, lay_out_parsed(&file), "{name}");
            let mut head = OrderFile::new(name, name);
            head.secret = Some(sp(name.to_owned()));
            head.alliances = vec![sp(name.to_owned()), sp("M".to_owned())];
            let got = lay_out(&head);
            assert_eq!(got.keys + &got.sections, lay_out_parsed(&head), "{name}");
        }
    }

    #[test]
    fn one_order_is_written_as_its_block() {
        let raise = OrderKind::Raise {
            node: NodeCode("V0".into()),
            value: 100,
        };
        assert_eq!(
            unparse_order(&raise),
            "[[raise]]\nnode = \"V0\"\nvalue = 100"
        );
        assert_eq!(
            unparse_order(&OrderKind::Loan { amount: 120 }),
            "loan = 120"
        );
        let siege = OrderKind::Siege {
            army: ArmyId("V-A1".into()),
            bribe: 0,
            lift: false,
        };
        assert_eq!(
            unparse_order(&siege),
            "[[siege]]\narmy = \"V-A1\"\nbribe = 0"
        );
    }
}
