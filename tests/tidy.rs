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
