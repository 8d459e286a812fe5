//! The README and the pages of `docs/` stay true: every order-file example in them (both
//! languages of the club's guide, the referee's manual, the README) reads without a single
//! diagnostic, and so does every clubs-file example.

use giglio::rules::PhaseId;
use giglio::rules::tables::Lang;
use giglio::scenario::{self, Source};
use std::collections::BTreeMap;
use std::path::Path;

/// The header the pages leave out of an order fragment ("the usual header"), as the
/// club's guide writes it.
const HEADER: &str =
    "club = \"V\"\nphase = \"1494-r03\"\nsecret = \"7KQ2-M9XD-4HFA-P3TZ-W8NC\"\n\n";

/// The first table of an order fragment: an order a club mails on its own, under the
/// usual header.
const FRAGMENTS: &[&str] = &["[[battle_result]]", "[[order_of_battle]]", "[[encounter]]"];

/// README.md and every page of docs/, by path from the repository's root.
fn pages() -> BTreeMap<String, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut out = BTreeMap::new();
    out.insert(
        "README.md".to_owned(),
        std::fs::read_to_string(root.join("README.md")).expect("README"),
    );
    for entry in std::fs::read_dir(root.join("docs")).expect("docs/") {
        let path = entry.expect("a page of docs/").path();
        if path.extension().is_some_and(|e| e == "md") {
            let name = format!("docs/{}", path.file_name().unwrap().to_string_lossy());
            out.insert(name, std::fs::read_to_string(&path).expect("a page"));
        }
    }
    out
}

/// The language a page is written in: `*.it.md` Italian, the others English.
fn lang_of(page: &str) -> Lang {
    if page.ends_with(".it.md") {
        Lang::It
    } else {
        Lang::En
    }
}

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

/// A page's order-file examples as whole files: the complete ones as written, the
/// fragments under the usual header. Returns (complete, fragments).
fn order_examples(text: &str) -> (Vec<String>, Vec<String>) {
    let mut complete = Vec::new();
    let mut fragments = Vec::new();
    for b in toml_blocks(text) {
        if b.starts_with("club = ") {
            complete.push(b);
        } else if FRAGMENTS.iter().any(|f| b.starts_with(f)) {
            fragments.push(format!("{HEADER}{b}"));
        }
    }
    (complete, fragments)
}

#[test]
fn the_scan_finds_complete_files_and_fragments_and_nothing_else() {
    let page = "```toml\nclub = \"V\"\n```\n\n```toml\n[[battle_result]]\nbattle = \"x\"\n```\n\n\
                ```toml\n[mail]\nfrom = \"a\"\n```\n\n```sh\nclub = \"V\"\n```\n";
    let (complete, fragments) = order_examples(page);
    assert_eq!(complete, ["club = \"V\"\n"]);
    assert_eq!(
        fragments,
        [format!("{HEADER}[[battle_result]]\nbattle = \"x\"\n")]
    );
    assert_eq!(lang_of("docs/club-guide.it.md"), Lang::It);
    assert_eq!(lang_of("docs/club-guide.en.md"), Lang::En);
}

#[test]
fn every_order_file_example_in_the_docs_reads_cleanly() {
    let c = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
    let mut counts: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for (page, text) in pages() {
        let (complete, fragments) = order_examples(&text);
        counts.insert(page.clone(), (complete.len(), fragments.len()));
        for (i, text) in complete.iter().chain(&fragments).enumerate() {
            let table: toml::Table = text
                .parse()
                .unwrap_or_else(|e| panic!("{page}, example {i} is not TOML: {e}"));
            let phase = table
                .get("phase")
                .and_then(|p| p.as_str())
                .and_then(PhaseId::parse_key)
                .unwrap_or_else(|| panic!("{page}, example {i} has no phase"));
            let lowered = giglio::orders::lower(
                &page,
                text.as_bytes(),
                &c,
                Some(phase),
                &giglio::words::Words::load(None).expect("catalogue"),
                lang_of(&page),
            );
            let problems: Vec<String> = lowered.all().map(ToString::to_string).collect();
            assert!(
                problems.is_empty(),
                "{page}, example {i}:\n{}",
                problems.join("\n")
            );
            assert!(
                !lowered.orders.orders.is_empty()
                    || lowered.extension.is_some()
                    || !lowered.letters.is_empty(),
                "{page}, example {i} has orders (or asks for time, or carries letters)"
            );
        }
    }
    let count = |page: &str| counts.get(page).copied().unwrap_or_default();
    // A complete file per phase (spring, a round, a battle's result, an encounter's
    // reply), and the order of battle a club sends alone: what README held before the
    // guide moved into docs/, now in each language.
    for guide in ["docs/club-guide.en.md", "docs/club-guide.it.md"] {
        let (complete, fragments) = count(guide);
        assert!(complete >= 4, "{guide}: {complete} complete order files");
        assert!(fragments >= 1, "{guide}: {fragments} order fragments");
    }
    assert_eq!(
        count("docs/club-guide.it.md"),
        count("docs/club-guide.en.md"),
        "the Italian guide shows every example the English one does"
    );
    assert!(
        count("docs/referee.md").1 >= 1,
        "the referee's battle result"
    );
    assert!(count("README.md").0 >= 1, "the front door's round");
}

#[test]
fn every_clubs_file_example_in_the_docs_reads_cleanly() {
    let c = scenario::load(&Source::builtin("il-giglio").expect("built in")).expect("loads");
    let mut found = 0;
    for (page, text) in pages() {
        for (i, b) in toml_blocks(&text)
            .iter()
            .filter(|b| b.starts_with("[[club]]"))
            .enumerate()
        {
            let clubs = scenario::clubs::parse(&page, b, &c).unwrap_or_else(|d| {
                panic!(
                    "{page}, clubs example {i}:\n{}",
                    d.iter()
                        .map(ToString::to_string)
                        .collect::<Vec<_>>()
                        .join("\n")
                )
            });
            assert!(!clubs.is_empty(), "{page}, clubs example {i} names a club");
            found += 1;
        }
    }
    assert!(found >= 1, "the referee's manual shows a clubs file");
}
