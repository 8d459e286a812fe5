//! The rulebook and the project agree: every rule id the code, the data, the templates
//! and the catalogue cite is in `docs/rulebook.{it,en}.md`, every rule of the rulebook is
//! cited somewhere (or stated for completeness), and no file cites a path outside the
//! repository.

use giglio::rulebook;
use giglio::rules::tables::Lang;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every text file under `dir`, skipping hidden entries and build output.
fn text_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries {
            let p = e.expect("entry").path();
            let name = p.file_name().unwrap_or_default().to_string_lossy();
            if name.starts_with('.') || name == "target" {
                continue;
            }
            if p.is_dir() {
                stack.push(p);
            } else if let Ok(text) = std::fs::read_to_string(&p) {
                out.push((p, text));
            }
        }
    }
    out.sort();
    out
}

/// Rule ids in a text: `G` + one digit, optionally a section letter and `.n` (`G3`,
/// `G3c`, `G3c.7`), and the battle conventions `§0`, `§0.n`. Node codes of Genoa from
/// `G10` up do not match (two digits); `G0`…`G9` are both nodes and chapters, and
/// every chapter is in the rulebook, so they never fail.
fn ids_in(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let boundary = k == 0 || !chars[k - 1].1.is_alphanumeric();
        if !boundary || !(c == 'G' || c == '§') {
            continue;
        }
        let rest = &text[i + c.len_utf8()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if digits.len() != 1 || (c == '§' && digits != "0") {
            continue;
        }
        let mut id = format!("{c}{digits}");
        let mut tail = rest[1..].chars().peekable();
        if c == 'G'
            && let Some(&l) = tail.peek()
            && ('a'..='e').contains(&l)
        {
            id.push(l);
            tail.next();
        }
        let after: String = tail.collect::<String>();
        if let Some(num) = after.strip_prefix('.') {
            let n: String = num.chars().take_while(char::is_ascii_digit).collect();
            if !n.is_empty() {
                id.push('.');
                id.push_str(&n);
            }
        }
        let next = text[i..].chars().nth(id.chars().count());
        if next.is_some_and(|x| x.is_alphabetic()) {
            continue; // `G3x…`: a word, not an id
        }
        out.insert(id);
    }
    out
}

/// Where each rule id is cited: src/, campaigns/, templates/, locales/.
fn citations() -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for dir in ["src", "campaigns", "templates", "locales"] {
        for (path, text) in text_files(&root().join(dir)) {
            let shown = path
                .strip_prefix(root())
                .unwrap_or(&path)
                .display()
                .to_string();
            for id in ids_in(&text) {
                out.entry(id).or_default().push(shown.clone());
            }
        }
    }
    out
}

/// Rules the rulebook states so that it reads whole, though nothing cites them yet:
/// chapter headings, a rule every movement rejection applies through its own id
/// (G3b.7), and one the fleet code keeps by having no other combat (G3e.5).
const STATED_FOR_COMPLETENESS: &[&str] = &["G2a", "G3b.7", "G3e.5", "G6"];

/// Ids that are not rules on purpose: the lookup's own tests use them as unknown ids.
const UNKNOWN_ON_PURPOSE: &[&str] = &["G3b.9", "G3b.99"];

#[test]
fn the_id_scan_finds_ids_and_not_words_or_genoas_big_nodes() {
    let found = ids_in("G3c.7, (G2b.5) G3d; G10 G3 §0.5 §7.2 Gx G3x G2b.3/G2b.4 xG1.1");
    let want: BTreeSet<String> = ["G3c.7", "G2b.5", "G3d", "G3", "§0.5", "G2b.3", "G2b.4"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(found, want);
}

#[test]
fn every_cited_rule_id_is_in_the_rulebook_in_both_languages() {
    let mut missing = Vec::new();
    for (id, places) in citations() {
        if UNKNOWN_ON_PURPOSE.contains(&id.as_str()) {
            continue;
        }
        for lang in [Lang::It, Lang::En] {
            if rulebook::rule(&id, lang).is_none() {
                missing.push(format!("{id} ({lang:?}), cited in {}", places[0]));
            }
        }
    }
    assert!(missing.is_empty(), "not in the rulebook: {missing:#?}");
}

#[test]
fn every_rule_of_the_rulebook_is_cited_or_stated_for_completeness() {
    let cited = citations();
    let idle: Vec<&str> = rulebook::ids()
        .into_iter()
        .filter(|id| !cited.contains_key(*id) && !STATED_FOR_COMPLETENESS.contains(id))
        .collect();
    assert!(idle.is_empty(), "rules nothing cites: {idle:?}");
    for id in STATED_FOR_COMPLETENESS {
        assert!(rulebook::rule(id, Lang::En).is_some(), "{id} is not a rule");
        assert!(
            !cited.contains_key(*id),
            "{id} is cited now: take it off the list"
        );
    }
}

#[test]
fn both_rulebooks_have_the_same_rules_and_the_same_generated_tables() {
    let ids = |lang| -> Vec<&str> { rulebook::all(lang).iter().map(|r| r.id).collect() };
    assert_eq!(ids(Lang::It), ids(Lang::En));
    let markers = |lang| -> Vec<&str> {
        rulebook::full(lang)
            .lines()
            .filter(|l| l.starts_with("<!--"))
            .collect()
    };
    assert_eq!(markers(Lang::It), markers(Lang::En));
}

#[test]
fn every_ruling_of_the_rulebook_names_its_switch() {
    // A rule that rules ("[ruling]", "[decisione]") names the `[rulings]` switch that
    // decides it, unless its ruling is data of another table (the months, Table 34) or
    // introduces a chapter of rulings (G7).
    let switches = [
        "loan_confiscation_order",
        "loan_unpaid_carried",
        "reinforce_only_in_owned_city",
        "works_at_once_in_owned_nodes",
        "commander_killed_rounds",
        "strategos_tie",
        "assassin_spent_without_target",
        "army_upkeep",
        "abroad_steps",
        "contact_exchange",
        "idle_fleet_at_sea",
        "disaster_destroys_fortifications",
        "alliance_needs_both",
        "see_adjacent_nodes",
        "bribe_step_english_text",
        "one_siege_per_place",
        "siege_stands_until_lifted",
        "works_where_held_or_army",
        "garrison_in_enemy_node_with_army",
        "garrison_and_works_where_held",
        "armies_in_battle_stay",
        "armies_in_battle_stay_ashore",
        "diplomat_encounters_betray",
        "betrayal_ends_alliance",
        "plain_choice_clears_spy_condition",
        "siege_waits_for_battle",
        "battle_lapses_when_a_side_is_gone",
        "MON_fort_applies",
        "garrison_and_transfer_in_rounds",
        "battle_dice_stream",
        "battle_play_days",
        "battle_fallback",
        "civil_disorder_after",
        "civil_disorder_play",
        "letters",
    ];
    let data = ["G3c.2", "G7"];
    for (lang, mark) in [(Lang::En, "[ruling]"), (Lang::It, "[decisione]")] {
        for r in rulebook::all(lang) {
            if r.text.contains(mark) && !data.contains(&r.id) {
                assert!(
                    switches.iter().any(|s| r.text.contains(s)),
                    "{} ({lang:?}) names no switch",
                    r.id
                );
            }
        }
    }
}

/// No file of the repository cites a path outside it: the rules are restated in the
/// rulebook, in the project's own words.
#[test]
fn no_file_cites_a_path_outside_the_repository() {
    // Built from pieces so that this file does not cite them itself.
    let shared = ["shared", "/"].concat();
    let forbidden = [
        format!("{shared}rules"),
        format!("{shared}seeds"),
        format!("{shared}design"),
        format!("../{}", "shared"),
        ["il-giglio", ".md"].concat(),
        ["tactical-rulesets", ".md"].concat(),
        [" battles", ".md"].concat(),
        ["`battles", ".md"].concat(),
    ];
    let mut found = Vec::new();
    for (path, text) in text_files(&root()) {
        for (n, line) in text.lines().enumerate() {
            for f in &forbidden {
                if line.contains(f.as_str()) {
                    found.push(format!("{}:{}: {f}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "paths outside the repository: {found:#?}");
}
