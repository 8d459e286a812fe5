//! No import circles among the files of `src/rules/` and of `src/battle/`: each folder's
//! files form a layered graph (a leaf such as `rules::step` or `battle::ruleset` is
//! imported, the registry in `battle/mod.rs` and `rules::resolve` import), so a file can
//! be read, tested and changed knowing only the files below it.
//!
//! The graph is read from the code: every path that starts with `crate::`, `super::`,
//! `self::` or a child module's name, `use` lines and paths written inline alike,
//! resolved to the file of the longest module prefix it names. Tests (`#[cfg(test)] mod
//! tests` blocks, `tests/` folders), comments and visibilities (`pub(in crate::rules)`)
//! are no imports. One exception, written out: a glob import between a module and one
//! of its own files (`use super::*` in a game's parts, `use fire::*` in the game) is
//! one module split across files, not a circle between modules.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The module path of a file under `src/` (`src/battle/leg/mod.rs` → `battle::leg`).
fn module_of(rel: &str) -> Vec<String> {
    let rel = rel.trim_end_matches(".rs");
    let mut segs: Vec<String> = rel.split('/').map(str::to_owned).collect();
    if segs.last().is_some_and(|s| s == "mod") {
        segs.pop();
    }
    segs
}

/// The code of a file without its tests, comments and `pub(in …)` visibilities.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::new();
    for line in text.lines() {
        let line = match line.find("//") {
            Some(i) if !line[..i].contains('"') => &line[..i],
            _ => line,
        };
        out.push_str(line);
        out.push('\n');
    }
    while let Some(i) = out.find("pub(in ") {
        let j = out[i..].find(')').map_or(out.len(), |j| i + j + 1);
        out.replace_range(i..j, "pub");
    }
    out
}

/// A token of a path: a name, `::`, a brace, a comma or `*`.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Name(String),
    Sep,
    Open,
    Close,
    Comma,
    Star,
    Other,
}

fn tokens(code: &str) -> Vec<Tok> {
    let cs: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < cs.len() && (cs[i].is_alphanumeric() || cs[i] == '_') {
                i += 1;
            }
            out.push(Tok::Name(cs[start..i].iter().collect()));
            continue;
        }
        match c {
            ':' if cs.get(i + 1) == Some(&':') => {
                out.push(Tok::Sep);
                i += 1;
            }
            '{' => out.push(Tok::Open),
            '}' => out.push(Tok::Close),
            ',' => out.push(Tok::Comma),
            '*' => out.push(Tok::Star),
            c if c.is_whitespace() => {}
            _ => out.push(Tok::Other),
        }
        i += 1;
    }
    out
}

/// One path a file names: its segments, and whether it is a glob (`…::*`).
type Named = (Vec<String>, bool);

/// Reads the path at `toks[*at]` (after its first segment, already in `prefix`) into
/// `out`, following `::{…}` groups.
fn read_path(toks: &[Tok], at: &mut usize, prefix: Vec<String>, out: &mut Vec<Named>) {
    let mut path = prefix;
    while toks.get(*at) == Some(&Tok::Sep) {
        *at += 1;
        match toks.get(*at) {
            Some(Tok::Name(n)) => {
                path.push(n.clone());
                *at += 1;
            }
            Some(Tok::Star) => {
                *at += 1;
                out.push((path, true));
                return;
            }
            Some(Tok::Open) => {
                *at += 1;
                loop {
                    match toks.get(*at) {
                        Some(Tok::Name(n)) => {
                            let mut p = path.clone();
                            if n != "self" {
                                p.push(n.clone());
                            }
                            *at += 1;
                            read_path(toks, at, p, out);
                        }
                        Some(Tok::Star) => {
                            out.push((path.clone(), true));
                            *at += 1;
                        }
                        Some(Tok::Close) | None => {
                            *at += 1;
                            break;
                        }
                        // `as` renames and the like: skip to the next item.
                        _ => *at += 1,
                    }
                }
                return;
            }
            _ => break,
        }
    }
    out.push((path, false));
}

/// The paths a file's code names: those that start with `crate`, `super`, `self` or
/// one of the file's child modules, resolved against the file's own module.
fn named_paths(code: &str, here: &[String]) -> Vec<Named> {
    let toks = tokens(code);
    let mut children = BTreeSet::new();
    for w in toks.windows(3) {
        if let [Tok::Name(m), Tok::Name(name), Tok::Other] = w
            && m == "mod"
        {
            children.insert(name.clone());
        }
    }
    let mut out = Vec::new();
    let mut at = 0;
    while at < toks.len() {
        let starts = at == 0 || toks[at - 1] != Tok::Sep;
        let Some(Tok::Name(first)) = toks.get(at) else {
            at += 1;
            continue;
        };
        if !starts || toks.get(at + 1) != Some(&Tok::Sep) {
            at += 1;
            continue;
        }
        let mut base: Vec<String> = match first.as_str() {
            "crate" => Vec::new(),
            "self" => here.to_vec(),
            "super" => here[..here.len().saturating_sub(1)].to_vec(),
            name if children.contains(name) => {
                let mut b = here.to_vec();
                b.push(name.to_owned());
                b
            }
            _ => {
                at += 1;
                continue;
            }
        };
        at += 1;
        // `super::super::…`
        while toks.get(at) == Some(&Tok::Sep)
            && toks.get(at + 1) == Some(&Tok::Name("super".into()))
        {
            base.pop();
            at += 2;
        }
        read_path(&toks, &mut at, base, &mut out);
    }
    out
}

/// The import graph among `files` (module path → code): file → files it imports.
fn graph(files: &BTreeMap<Vec<String>, String>) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
    let mut edges = BTreeMap::new();
    for (here, code) in files {
        let mut to = BTreeSet::new();
        for (path, glob) in named_paths(code, here) {
            let Some(target) = (1..=path.len())
                .rev()
                .map(|n| path[..n].to_vec())
                .find(|p| files.contains_key(p))
            else {
                continue;
            };
            let split = glob
                && (target.len() + 1 == here.len() && here.starts_with(&target)
                    || here.len() + 1 == target.len() && target.starts_with(here));
            if &target != here && !split {
                to.insert(target);
            }
        }
        edges.insert(here.clone(), to);
    }
    edges
}

/// The circles of a graph: each strongly connected set of more than one file.
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    // Two files are in one circle when each reaches the other.
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(f) = stack.pop() {
            for t in edges.get(&f).into_iter().flatten() {
                if seen.insert(t.clone()) {
                    stack.push(t.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<_, _> = edges.keys().map(|f| (f.clone(), reach(f))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for f in edges.keys() {
        if done.contains(f) {
            continue;
        }
        let circle: Vec<String> = edges
            .keys()
            .filter(|g| g == &f || reaches[f].contains(*g) && reaches[*g].contains(f))
            .map(|g| g.join("::"))
            .collect();
        if circle.len() > 1 {
            for g in edges.keys().filter(|g| circle.contains(&g.join("::"))) {
                done.insert(g.clone());
            }
            out.push(circle);
        }
    }
    out
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                // A game's `tests/` folder is its tests: no import of the game's code.
                if p.file_name().is_some_and(|n| n != "tests") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out
}

/// The files of a folder of `src/`, by module path.
fn folder(name: &str) -> BTreeMap<Vec<String>, String> {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    rust_files(&src.join(name))
        .into_iter()
        .map(|p| {
            let rel = p
                .strip_prefix(&src)
                .expect("under src")
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&p).expect("read");
            (module_of(&rel), code_of(&text))
        })
        .collect()
}

#[test]
fn no_file_of_rules_or_battle_imports_one_that_imports_it_back() {
    for name in ["rules", "battle"] {
        let files = folder(name);
        assert!(files.len() > 10, "src/{name} read");
        let found = circles(&graph(&files));
        assert!(
            found.is_empty(),
            "import circles in src/{name}/: {found:#?}"
        );
    }
}

#[test]
fn the_scan_sees_a_circle_through_a_group_an_inline_path_and_a_child() {
    let files: BTreeMap<Vec<String>, String> = [
        (
            "battle/mod.rs",
            "mod ruleset;\nmod leg;\nuse leg::resolve;\n",
        ),
        (
            "battle/ruleset.rs",
            "use super::{card::Card, error::{self, BattleError}};\n",
        ),
        (
            "battle/card.rs",
            "// use super::leg::x; is a comment\npub(in crate::battle) fn f() {}\n",
        ),
        (
            "battle/error.rs",
            "fn g() { crate::battle::leg::tables::h() }\n",
        ),
        ("battle/leg/mod.rs", "mod tables;\nuse tables::*;\n"),
        (
            "battle/leg/tables.rs",
            "use super::*;\nuse crate::battle::ruleset::Ruleset;\n",
        ),
    ]
    .into_iter()
    .map(|(p, t)| (module_of(p), code_of(t)))
    .collect();
    let edges = graph(&files);
    let m = |s: &str| s.split("::").map(str::to_owned).collect::<Vec<_>>();
    assert_eq!(edges[&m("battle")], [m("battle::leg")].into());
    assert_eq!(
        edges[&m("battle::ruleset")],
        [m("battle::card"), m("battle::error")].into()
    );
    assert!(
        edges[&m("battle::card")].is_empty(),
        "comments and visibilities are no imports"
    );
    // The game and its part glob-import each other: one module split, no circle.
    assert_eq!(
        edges[&m("battle::leg::tables")],
        [m("battle::ruleset")].into()
    );
    assert_eq!(
        circles(&edges),
        [vec![
            "battle::error".to_owned(),
            "battle::leg::tables".to_owned(),
            "battle::ruleset".to_owned()
        ]]
    );
}
