//! Invariants of the code base: every file says what it owns, the rules core does no
//! I/O, no test file is forgotten.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn every_file_starts_with_a_module_doc() {
    let mut missing = Vec::new();
    for dir in ["src", "tests", "benches"] {
        let d = root().join(dir);
        if !d.is_dir() {
            continue;
        }
        for f in rust_files(&d) {
            let text = std::fs::read_to_string(&f).expect("read");
            if !text.starts_with("//!") {
                missing.push(f.display().to_string());
            }
        }
    }
    assert!(
        missing.is_empty(),
        "files without a leading `//!` line: {missing:?}"
    );
}

/// Anything that reaches the file system, network, clock, environment, OS randomness,
/// the terminal, SQLite, mail or a file format does not belong in src/rules/.
const FORBIDDEN_IN_RULES: [&str; 25] = [
    "std::fs",
    "std::net",
    "std::env",
    "std::process",
    "std::io",
    "SystemTime",
    "Instant::",
    "rusqlite",
    "lettre",
    "getrandom",
    "chrono",
    "toml::",
    "serde_json",
    "minijinja",
    "println!",
    "eprintln!",
    "print!(",
    "eprint!(",
    "dbg!(",
    "File::",
    "crate::storage",
    "crate::cli",
    "crate::scenario",
    "crate::report",
    "crate::mail",
];

/// Returns (line number, forbidden word) for each use outside comments.
fn io_uses(text: &str) -> Vec<(usize, &'static str)> {
    let mut hits = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        for word in FORBIDDEN_IN_RULES {
            if code.contains(word) {
                hits.push((n + 1, word));
            }
        }
    }
    hits
}

#[test]
fn the_rules_core_does_no_io() {
    let mut hits = Vec::new();
    for f in rust_files(&root().join("src/rules")) {
        let text = std::fs::read_to_string(&f).expect("read");
        for (line, word) in io_uses(&text) {
            hits.push(format!("{}:{line}: `{word}`", f.display()));
        }
    }
    assert!(
        hits.is_empty(),
        "I/O in the rules core:\n{}",
        hits.join("\n")
    );
}

/// What each top module of `src/` may import from the others: the layers of
/// `src/lib.rs`'s module map, `cli → engine → {report → words, submission, storage,
/// mail, battle, orders} → rules`. A module not listed imports nothing of the crate.
/// `words::Lang` is a leaf (it imports nothing) that the rules' facts name.
const LAYERS: &[(&str, &[&str])] = &[
    ("diag", &[]),
    ("failpoint", &[]),
    ("error", &["diag"]),
    ("auth", &["error"]),
    ("rules", &["words::Lang"]),
    ("words", &["diag", "error", "rules"]),
    ("battle", &["rules"]),
    ("bots", &["rules"]),
    ("rulebook", &["rules"]),
    ("simulate", &["battle", "bots", "rules"]),
    ("scenario", &["battle", "diag", "error", "rules"]),
    ("storage", &["error", "failpoint", "rules"]),
    (
        "orders",
        &["auth", "diag", "error", "rules", "scenario", "words"],
    ),
    (
        "report",
        &[
            "battle", "error", "orders", "rulebook", "rules", "scenario", "words",
        ],
    ),
    (
        "submission",
        &["auth", "diag", "orders", "rules", "storage", "words"],
    ),
    (
        "mail",
        &[
            "diag",
            "error",
            "failpoint",
            "scenario",
            "storage",
            "words::Lang",
        ],
    ),
    (
        "engine",
        &[
            "auth",
            "battle",
            "bots",
            "diag",
            "error",
            "failpoint",
            "mail",
            "orders",
            "report",
            "rulebook",
            "rules",
            "scenario",
            "storage",
            "submission",
            "words",
        ],
    ),
    (
        "service",
        &[
            "battle", "clock", "engine", "error", "mail", "rules", "storage", "words",
        ],
    ),
    ("clock", &[]),
    ("fixtures", &["rules", "scenario"]),
];

/// The top module a file of `src/` belongs to (`src/engine/desk/mod.rs` → `engine`).
fn top_module(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src");
    let first = rel.components().next().expect("a component");
    first
        .as_os_str()
        .to_string_lossy()
        .trim_end_matches(".rs")
        .to_owned()
}

/// The code of a file that is built into the tool: without its tests and comments.
/// Files that only tests compile (`tests.rs`, `*_tests.rs`) have none.
fn shipped_code(file: &Path, text: &str) -> String {
    let name = file.file_name().unwrap_or_default().to_string_lossy();
    if name == "tests.rs" || name.ends_with("_tests.rs") {
        return String::new();
    }
    rules_code(text)
}

/// Every `crate::module` a piece of code names, with its line, and the item after it.
fn crate_imports(code: &str) -> Vec<(usize, String, String)> {
    let mut out = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            let ident = |s: &str| -> String {
                s.chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect()
            };
            let module = ident(after);
            let item = after[module.len()..]
                .strip_prefix("::")
                .map(ident)
                .unwrap_or_default();
            // `$crate::` in a macro and `giglio::crate::` never occur; `super::` paths
            // stay inside a module.
            out.push((n + 1, module, item));
            rest = after;
        }
    }
    out
}

/// Whether `allowed` lets a module import `module::item`.
fn allows(allowed: &[&str], module: &str, item: &str) -> bool {
    allowed.iter().any(|a| match a.split_once("::") {
        Some((m, i)) => m == module && i == item,
        None => *a == module,
    })
}

#[test]
fn every_module_imports_only_its_layers() {
    let src = root().join("src");
    let tops: Vec<String> = std::fs::read_dir(&src)
        .expect("src")
        .map(|e| top_module(&src, &e.expect("entry").path()))
        .collect();
    let mut hits = Vec::new();
    for f in rust_files(&src) {
        let top = top_module(&src, &f);
        if ["cli", "lib", "main"].contains(&top.as_str()) {
            continue;
        }
        let allowed = LAYERS
            .iter()
            .find(|(m, _)| *m == top)
            .map_or_else(|| panic!("src/{top} is not in LAYERS"), |(_, a)| *a);
        let text = std::fs::read_to_string(&f).expect("read");
        for (line, module, item) in crate_imports(&shipped_code(&f, &text)) {
            let known = tops.contains(&module);
            if known && module != top && module != "t" && !allows(allowed, &module, &item) {
                hits.push(format!("{}:{line}: {top} → {module}::{item}", f.display()));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "imports across layers that src/lib.rs does not allow:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_layer_scan_sees_imports() {
    let code = "use crate::words::Lang;\nlet x = crate::engine::desk::ingest(a, crate::mail::x);\n";
    let found: Vec<(usize, String, String)> = crate_imports(code);
    let names: Vec<String> = found
        .iter()
        .map(|(l, m, i)| format!("{l}:{m}::{i}"))
        .collect();
    assert_eq!(names, ["1:words::Lang", "2:engine::desk", "2:mail::x"]);
    assert!(allows(&["words::Lang"], "words", "Lang"));
    assert!(!allows(&["words::Lang"], "words", "Words"));
    assert!(allows(&["mail"], "mail", "compose"));
}

/// No file of `src/` grows past what a reader takes in at once.
const MAX_LINES: usize = 1_200;

#[test]
fn no_source_file_is_over_the_cap() {
    let mut long = Vec::new();
    for f in rust_files(&root().join("src")) {
        let n = std::fs::read_to_string(&f).expect("read").lines().count();
        if n > MAX_LINES {
            long.push(format!("{}: {n} lines", f.display()));
        }
    }
    assert!(long.is_empty(), "files over {MAX_LINES} lines: {long:?}");
}

/// The catalogue is a value handed down from the command that loaded it with the
/// campaign's overrides; only commands with no campaign (and tests) take the shipped
/// one, through the same door (`Words::load(None)`).
const SHIPPED_WORDS_ALLOWED: &[&str] = &[
    "src/cli/rules.rs",
    "src/cli/simulate.rs",
    "src/cli/orders.rs",
];

#[test]
fn words_are_passed_in_not_taken_built_in() {
    let mut hits = Vec::new();
    for f in rust_files(&root().join("src")) {
        let rel = f
            .strip_prefix(root())
            .expect("under root")
            .to_string_lossy()
            .into_owned();
        if rel.starts_with("src/words/") || SHIPPED_WORDS_ALLOWED.contains(&rel.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&f).expect("read");
        for (n, line) in shipped_code(&f, &text).lines().enumerate() {
            if line.contains("Words::load(None)") || line.contains("Words::builtin") {
                hits.push(format!("{rel}:{}", n + 1));
            }
            // A campaign's words are loaded in one place, once per command.
            if line.contains("Words::load(Some") && rel != "src/cli/mod.rs" {
                hits.push(format!(
                    "{rel}:{}: load the campaign's words with cli::words_of",
                    n + 1
                ));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "the built-in catalogue taken instead of the command's words:\n{}",
        hits.join("\n")
    );
}

/// Data flows one way: the engine gathers from the database, `report/` renders plain
/// values, and the outgoing mail composes what was rendered. None of them reaches back.
const ONE_WAY: &[(&str, &[&str])] = &[
    (
        "src/report",
        &["crate::storage", "crate::engine", "crate::mail", "Store"],
    ),
    (
        "src/engine/post/mod.rs",
        &["Store", "crate::engine::paperwork"],
    ),
    (
        "src/engine/post/yearly.rs",
        &["Store", "crate::engine::paperwork"],
    ),
];

#[test]
fn paperwork_flows_one_way() {
    let mut hits = Vec::new();
    for (place, words) in ONE_WAY {
        let path = root().join(place);
        let files = if path.is_dir() {
            rust_files(&path)
        } else {
            vec![path]
        };
        for f in files {
            let text = std::fs::read_to_string(&f).expect("read");
            for (n, line) in text.lines().enumerate() {
                let code = line.split("//").next().unwrap_or("");
                hits.extend(
                    words
                        .iter()
                        .filter(|w| code.contains(*w))
                        .map(|w| format!("{}:{}: `{w}`", f.display(), n + 1)),
                );
            }
        }
    }
    assert!(
        hits.is_empty(),
        "a layer reaches back:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_io_scan_sees_io_and_ignores_comments() {
    let sample = "fn f() {\n    // std::fs is fine in a comment\n    let x = std::fs::read(\"a\");\n    println!(\"{x:?}\");\n}\n";
    assert_eq!(io_uses(sample), [(3, "std::fs"), (4, "println!")]);
}

#[test]
fn no_test_file_is_forgotten() {
    let main = std::fs::read_to_string(root().join("tests/main.rs")).expect("tests/main.rs");
    for e in std::fs::read_dir(root().join("tests")).expect("tests") {
        let p = e.expect("entry").path();
        let name = p
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let is_module =
            p.extension().is_some_and(|x| x == "rs") || (p.is_dir() && p.join("mod.rs").is_file());
        if is_module && name != "main" {
            assert!(
                main.contains(&format!("mod {name};")),
                "tests/{name} is not declared in tests/main.rs"
            );
        }
    }
}

/// The code of a rules file, without its tests and comments.
fn rules_code(text: &str) -> String {
    let code = text.split("#[cfg(test)]").next().unwrap_or("");
    code.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Returns the sentences a rules file builds: a match on the language that yields a
/// literal (other than a two-letter language code) or a `format!`, or a phrase of the
/// message catalogue written out. Lines that read the words earlier versions stored
/// (`alias = …`, `strip_prefix`, `starts_with`) compare words, they build none.
fn sentences_in(code: &str, phrases: &[String]) -> Vec<String> {
    let mut hits = Vec::new();
    for (n, line) in code.lines().enumerate() {
        let t = line.trim();
        let lang_arm = (t.contains("Lang::It") || t.contains("Lang::En"))
            && t.split("=>").nth(1).is_some_and(|rhs| {
                let rhs = rhs.trim().trim_end_matches(',');
                let code = rhs.len() == 4 && rhs.starts_with('"');
                (rhs.starts_with('"') && !code) || rhs.starts_with("format!")
            });
        if lang_arm {
            hits.push(format!("{}: {t}", n + 1));
        }
        let reads_stored = ["alias =", "strip_prefix(", "starts_with("]
            .iter()
            .any(|w| t.contains(w));
        if reads_stored {
            continue;
        }
        for p in phrases {
            if t.contains(p.as_str()) {
                hits.push(format!("{}: catalogue phrase `{p}`", n + 1));
            }
        }
    }
    hits
}

/// The literal runs of three words or more in the catalogue's messages, both languages.
fn catalogue_phrases() -> Vec<String> {
    let mut out = Vec::new();
    for lang in ["it", "en"] {
        let dir = root().join("locales").join(lang);
        for e in std::fs::read_dir(&dir).expect("locales") {
            let text = std::fs::read_to_string(e.expect("entry").path()).expect("read");
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                let value = line.split_once(" = ").map_or(line, |(_, v)| v);
                let value = value.trim_start_matches(['*', ' ']);
                let value = value.split_once("] ").map_or(value, |(_, v)| v);
                for run in value.split(['{', '}']).step_by(2) {
                    let run = run.trim();
                    if run.split_whitespace().count() >= 3 {
                        out.push(run.to_owned());
                    }
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

#[test]
fn the_rules_core_builds_no_sentences() {
    let phrases = catalogue_phrases();
    assert!(phrases.len() > 100, "the catalogue scan found {phrases:?}");
    let mut hits = Vec::new();
    for f in rust_files(&root().join("src/rules")) {
        let text = std::fs::read_to_string(&f).expect("read");
        for h in sentences_in(&rules_code(&text), &phrases) {
            hits.push(format!("{}: {h}", f.display()));
        }
    }
    assert!(
        hits.is_empty(),
        "sentences in the rules core (they belong in locales/ and src/words/explain.rs):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_sentence_scan_sees_a_sentence() {
    let phrases = vec!["the place holds".to_owned()];
    let code = "match lang {\n    Lang::It => \"la piazza resiste\".into(),\n    Lang::En => format!(\"x\"),\n}\nlet s = \"the place holds\";\nlet n = match lang { Lang::It => n.name_it.clone() };";
    assert_eq!(sentences_in(code, &phrases).len(), 3);
}

/// Every READING name a game's resolver reads is one `battle::known_readings` lists for
/// that game (so `map check` never refuses a switch the game does read), and every
/// shipped ruleset's readings are listed too.
#[test]
fn every_reading_a_game_reads_is_known() {
    use giglio::battle::known_readings;
    use giglio::battle::ruleset::Game;
    let games = [
        ("mon", "MON_", Game::Mon),
        ("leg", "LEG_", Game::Leg),
        ("ott", "OTT_", Game::Ott),
        ("pia", "PIA_", Game::Pia),
    ];
    let mut checked = 0;
    for (dir, prefix, game) in games {
        let known = known_readings(game);
        for file in rust_files(&root().join("src/battle").join(dir)) {
            let text = std::fs::read_to_string(&file).expect("read");
            for piece in text.split('"').skip(1).step_by(2) {
                let is_name = piece.starts_with(prefix)
                    && piece.len() > prefix.len()
                    && piece.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if is_name {
                    assert!(
                        known.contains(&piece),
                        "{}: `{piece}` is read but not in known_readings",
                        file.display()
                    );
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 40, "the scan sees the names read ({checked})");
}
