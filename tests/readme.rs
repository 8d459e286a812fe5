//! README stays true: its order-file examples read without a single diagnostic.

use giglio::rules::PhaseId;
use giglio::rules::tables::Lang;
use giglio::scenario::{self, Source};

fn toml_blocks(text: &str) -> Vec<String> {
    let mut blocks = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        match (&mut current, line.trim_start()) {
            (None, "```toml") => current = Some(String::new()),
            (Some(b), "```") => {
                blocks.push(std::mem::take(b));
                current = None;
            }
            (Some(b), _) => {
                b.push_str(line);
                b.push('\n');
            }
            (None, _) => {}
        }
    }
    blocks
}

#[test]
fn every_order_file_example_in_readme_reads_cleanly() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README");
    let c = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
    let examples: Vec<String> = toml_blocks(&readme)
        .into_iter()
        .filter(|b| b.starts_with("club = "))
        .collect();
    assert!(
        examples.len() >= 3,
        "a complete example per phase: found {}",
        examples.len()
    );
    for (i, text) in examples.iter().enumerate() {
        let table: toml::Table = text
            .parse()
            .unwrap_or_else(|e| panic!("example {i} is not TOML: {e}"));
        let phase = table
            .get("phase")
            .and_then(|p| p.as_str())
            .and_then(PhaseId::parse_key)
            .expect("a phase");
        let lowered = giglio::orders::lower(
            "README.md",
            text.as_bytes(),
            &c,
            Some(phase),
            &giglio::words::Words::load(None).expect("catalogue"),
            Lang::En,
        );
        let problems: Vec<String> = lowered.all().map(ToString::to_string).collect();
        assert!(problems.is_empty(), "example {i}:\n{}", problems.join("\n"));
        assert!(!lowered.orders.orders.is_empty(), "example {i} has orders");
    }
}
