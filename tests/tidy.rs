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

/// Data flows one way: the engine gathers from the database, `report/` renders plain
/// values, and the outgoing mail composes what was rendered. None of them reaches back.
const ONE_WAY: &[(&str, &[&str])] = &[
    (
        "src/report",
        &["crate::storage", "crate::engine", "crate::mail", "Store"],
    ),
    ("src/mail/outbox.rs", &["crate::engine", "Store"]),
    ("src/mail/yearly.rs", &["crate::engine", "Store"]),
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
        "sentences in the rules core (they belong in locales/ and src/report/explain.rs):\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_sentence_scan_sees_a_sentence() {
    let phrases = vec!["the place holds".to_owned()];
    let code = "match lang {\n    Lang::It => \"la piazza resiste\".into(),\n    Lang::En => format!(\"x\"),\n}\nlet s = \"the place holds\";\nlet n = match lang { Lang::It => n.name_it.clone() };";
    assert_eq!(sentences_in(code, &phrases).len(), 3);
}
