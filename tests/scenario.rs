//! The shipped campaign and every kind of broken campaign.
//!
//! Each `tests/cases/scenario/<nnn>_<slug>.toml` patches one file of the shipped
//! definition and names the diagnostic the referee must see: the rule, the message and
//! the exact line and column.

use giglio::diag::Diagnostic;
use giglio::scenario::{self, Source};
use serde::Deserialize;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    description: String,
    file: String,
    find: String,
    replace: String,
    /// The expected place: this text inside `replace` (its `at_occurrence`-th time)…
    #[serde(default)]
    at: Option<String>,
    #[serde(default = "first")]
    at_occurrence: usize,
    /// …or this text searched from the start of the patched file.
    #[serde(default)]
    at_start_of: Option<String>,
    rule: String,
    message: String,
}

fn first() -> usize {
    1
}

fn shipped() -> Source {
    Source::builtin("il-giglio").expect("the shipped campaign is built in")
}

#[test]
fn the_shipped_campaign_passes_every_check() {
    let c = scenario::load(&shipped()).unwrap_or_else(|d| panic!("{}", shipped().render(&d)));
    assert_eq!(c.name, "il-giglio");
    assert!(c.map.node_count() >= 120, "{} nodes", c.map.node_count());
    assert!(c.map.seas().count() >= 12);
    for code in ["V", "M", "F", "P", "S", "SV", "CH", "HRI", "T", "G", "FR"] {
        assert!(c.nation(code).is_some(), "nation {code}");
    }
    assert!(c.nations.len() >= 13, "at least two more Italian states");
    // G2b.6 fleet limits.
    for (code, limit) in [
        ("V", 2),
        ("T", 2),
        ("S", 2),
        ("CH", 0),
        ("HRI", 0),
        ("M", 0),
        ("F", 0),
        ("SV", 0),
        ("G", 1),
        ("FR", 1),
        ("P", 1),
    ] {
        assert_eq!(
            c.nation(code).map(|n| n.fleet_limit),
            Some(limit),
            "fleet limit of {code}"
        );
    }
}

#[test]
fn the_shipped_directory_equals_the_built_in_copy() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("campaigns/il-giglio");
    let from_dir = Source::read_dir(&dir).expect("the campaign directory reads");
    assert_eq!(from_dir.files, shipped().files);
}

#[test]
fn g9_roads_and_the_april_ban_exist() {
    let c = scenario::load(&shipped()).expect("loads");
    let roads = [
        ("V8", "V9"),
        ("V8", "M5"),
        ("V8", "F8"),
        ("V8", "F7"),
        ("V8", "P8"),
        ("V8", "S11"),
        ("SV2", "HRI9"),
        ("SV2", "S6"),
        ("SV2", "SV8"),
        ("F0", "S12"),
    ];
    for (a, b) in roads {
        assert!(c.map.has_road(a, b), "G9 road {a}–{b}");
        assert!(c.map.has_road(b, a), "G9 road {b}–{a} both ways");
    }
    // April is round 2 when the rounds run March to December.
    assert_eq!(
        c.tables.calendar.month(2, giglio::rules::tables::Lang::En),
        "April"
    );
    assert!(c.map.is_banned("F", "F0", "S12", 2), "G3b.6 ban in April");
    assert!(!c.map.is_banned("F", "F0", "S12", 3), "only in April");
    assert!(!c.map.is_banned("F", "S12", "F0", 2), "only that way");
    assert!(!c.map.is_banned("P", "F0", "S12", 2), "only for Firenze");
}

#[test]
fn every_ruling_is_a_named_switch() {
    let text = shipped().files["rules.toml"].clone();
    for switch in [
        "loan_confiscation_order",
        "reinforce_only_in_owned_city",
        "works_at_once_in_owned_nodes",
        "commander_killed_rounds",
        "strategos_tie",
        "army_upkeep",
        "abroad_steps",
        "contact_exchange",
        "alliance_needs_both",
        "see_adjacent_nodes",
    ] {
        assert!(
            text.contains(&format!("\n{switch} = ")),
            "ruling `{switch}` in rules.toml"
        );
    }
}

/// Applies a case's patch to a copy of the shipped definition.
fn patched(case: &Case, name: &str) -> (Source, usize) {
    let mut src = shipped();
    src.root = "campaigns/broken".into();
    let text = src
        .files
        .get(&case.file)
        .unwrap_or_else(|| panic!("{name}: no file {}", case.file))
        .clone();
    let hits = text.matches(&case.find).count();
    assert_eq!(
        hits, 1,
        "{name}: `find` must occur exactly once in {}, found {hits}",
        case.file
    );
    let at_patch = text.find(&case.find).unwrap_or_default();
    let new_text = text.replacen(&case.find, &case.replace, 1);
    let expected = match (&case.at, &case.at_start_of) {
        (Some(at), None) => {
            let within = case
                .replace
                .match_indices(at.as_str())
                .nth(case.at_occurrence - 1)
                .unwrap_or_else(|| panic!("{name}: `at` not in `replace`"))
                .0;
            at_patch + within
        }
        (None, Some(at)) => new_text
            .find(at.as_str())
            .unwrap_or_else(|| panic!("{name}: `at_start_of` not found")),
        _ => panic!("{name}: give exactly one of `at` and `at_start_of`"),
    };
    src.files.insert(case.file.clone(), new_text);
    (src, expected)
}

#[test]
fn each_kind_of_broken_campaign_is_rejected_with_its_location() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases/scenario");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("cases")
        .map(|e| e.expect("entry").path())
        .collect();
    names.sort();
    assert!(names.len() >= 20, "at least 20 broken-campaign cases");
    let mut failures = Vec::new();
    for path in names {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        let case: Case = toml::from_str(&std::fs::read_to_string(&path).expect("read"))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let (src, offset) = patched(&case, &name);
        let (line, col) = giglio::diag::line_col(&src.files[&case.file], offset);
        let diags: Vec<Diagnostic> = match scenario::load(&src) {
            Ok(_) => {
                failures.push(format!(
                    "{name} ({}): the broken campaign was accepted",
                    case.description
                ));
                continue;
            }
            Err(d) => d,
        };
        let path_wanted = format!("campaigns/broken/{}", case.file);
        let found = diags.iter().any(|d| {
            d.rule == case.rule
                && d.path == path_wanted
                && d.line == line
                && d.col == col
                && d.message.contains(&case.message)
        });
        if !found {
            let got: Vec<String> = diags.iter().map(|d| d.to_string()).collect();
            failures.push(format!(
                "{name} ({}): wanted {path_wanted}:{line}:{col}: error[{}]: …{}…\n  got:\n    {}",
                case.description,
                case.rule,
                case.message,
                got.join("\n    ")
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
