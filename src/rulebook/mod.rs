//! The campaign rulebook as giglio implements it (`docs/rulebook.it.md`,
//! `docs/rulebook.en.md`), built into the binary and looked up by rule id.
//!
//! A rule is a markdown heading whose first word is its id (`### G3b.3 …`, `## G3c …`,
//! `### §0.5 …`) and the text under it, up to the next heading. Headings without an id
//! (the closing "Rulings and switches") belong to the whole document only. The numeric
//! tables inside the files are generated from the campaign's data (`tables.rs`, built
//! for tests only: `scripts/rulebook.sh` regenerates the files through a test).

#[cfg(test)]
mod tables;

use crate::rules::tables::Lang;
use std::sync::LazyLock;

/// The Italian rulebook.
const IT: &str = include_str!("../../docs/rulebook.it.md");
/// The English rulebook.
const EN: &str = include_str!("../../docs/rulebook.en.md");
/// The club's guide (how to read the mail, write and send orders), in each language:
/// the welcome attaches it beside the rulebook.
const GUIDE_IT: &str = include_str!("../../docs/club-guide.it.md");
const GUIDE_EN: &str = include_str!("../../docs/club-guide.en.md");

/// The club's guide in a language, as shipped (`docs/club-guide.{it,en}.md`).
pub fn club_guide(lang: Lang) -> &'static str {
    match lang {
        Lang::It => GUIDE_IT,
        Lang::En => GUIDE_EN,
    }
}

/// One rule: its id, its title and its text (markdown, generated tables included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    pub id: &'static str,
    pub(crate) title: &'static str,
    pub text: String,
}

impl Rule {
    /// Returns the rule in one line: its title and the first sentence of its text,
    /// without markdown emphasis, for glossaries.
    pub fn summary(&self) -> String {
        // The rulebook marks the referee's rulings; a club's glossary line states the rule
        // as it stands (a play-test's clubs read "[ruling]" as unexplained jargon). Only
        // the first paragraph is read: no marker spans a blank line, and the order page
        // asks for the summaries of every rule it may cite, for every club.
        let first_para = self.text.split("\n\n").next().unwrap_or("");
        let plain = without_switches(first_para)
            .replace("**[ruling]** ", "")
            .replace("**[decisione]** ", "")
            .replace("**", "")
            .replace('`', "");
        let para = plain.split("\n\n").next().unwrap_or("").replace('\n', " ");
        let first = match para.find(". ") {
            Some(i) => &para[..=i],
            None => para.as_str(),
        };
        let first = first.trim_start_matches("- ").trim();
        if first.is_empty() {
            self.title.to_owned()
        } else {
            format!("{}: {first}", self.title)
        }
    }
}

/// A rule's text without its switches' names, "(switch `abroad_steps`)": the referee's
/// settings, in English in either language (a play-test's Italian club read them in its
/// report's glossary as untranslated words). The full rulebook keeps them.
fn without_switches(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = ["(switch `", "(interruttore `"]
        .iter()
        .filter_map(|m| rest.find(m))
        .min()
    {
        let tail = &rest[i..];
        let open = tail.find('`').unwrap_or(0) + 1;
        // Only a bare "(switch `id`)": one with more words inside is a sentence.
        let bare = tail[open..].find("`)").filter(|&n| {
            tail[open..open + n]
                .chars()
                .all(|c| c.is_ascii_lowercase() || c == '_')
        });
        let Some(n) = bare else {
            out.push_str(&rest[..i + 1]);
            rest = &rest[i + 1..];
            continue;
        };
        out.push_str(rest[..i].trim_end_matches(' '));
        rest = &tail[open + n + 2..];
    }
    out.push_str(rest);
    out
}

/// The whole rulebook in a language, as markdown.
pub fn full(lang: Lang) -> &'static str {
    match lang {
        Lang::It => IT,
        Lang::En => EN,
    }
}

/// The rules of each language, parsed once.
static RULES: LazyLock<[Vec<Rule>; 2]> = LazyLock::new(|| [parse(IT), parse(EN)]);

fn rules_of(lang: Lang) -> &'static [Rule] {
    match lang {
        Lang::It => &RULES[0],
        Lang::En => &RULES[1],
    }
}

/// Returns the rule with this id in a language. The id is matched without regard to
/// case, and `0.5` finds `§0.5`.
pub fn rule(id: &str, lang: Lang) -> Option<Rule> {
    let id = id.trim();
    let want = if id.starts_with(|c: char| c.is_ascii_digit()) {
        format!("§{id}")
    } else {
        id.to_owned()
    };
    rules_of(lang)
        .iter()
        .find(|r| r.id.eq_ignore_ascii_case(&want))
        .cloned()
}

/// Every rule id, in the rulebook's order (the same in both languages).
pub fn ids() -> Vec<&'static str> {
    rules_of(Lang::En).iter().map(|r| r.id).collect()
}

/// The ids nearest to a mistyped one (at most three, each at most two edits away, the
/// nearest only; a missing or extra dot counts least), for "did you mean".
pub(crate) fn nearest(id: &str) -> Vec<&'static str> {
    let typed = id.trim().to_lowercase();
    let bare = |s: &str| s.replace('.', "");
    let mut near: Vec<((usize, usize), usize, &'static str)> = ids()
        .into_iter()
        .enumerate()
        .map(|(i, known)| {
            let k = known.to_lowercase();
            let key = (
                strsim::levenshtein(&bare(&typed), &bare(&k)),
                strsim::levenshtein(&typed, &k),
            );
            (key, i, known)
        })
        .filter(|((_, d), _, _)| *d <= 2)
        .collect();
    near.sort();
    let best = near.first().map(|(key, _, _)| *key);
    near.into_iter()
        .filter(|(key, _, _)| Some(*key) == best)
        .take(3)
        .map(|(_, _, known)| known)
        .collect()
}

/// Every rule of a language, in the rulebook's order.
pub fn all(lang: Lang) -> &'static [Rule] {
    rules_of(lang)
}

/// Whether a word has the shape of a rule id: `G` and a digit (`G0`, `G3c`, `G3c.7`), or
/// `§` and a digit.
pub(crate) fn looks_like_id(word: &str) -> bool {
    let mut c = word.chars();
    matches!(
        (c.next(), c.next()),
        (Some('G' | '§'), Some(d)) if d.is_ascii_digit()
    )
}

/// Splits a rulebook into its rules.
fn parse(doc: &'static str) -> Vec<Rule> {
    let mut out: Vec<Rule> = Vec::new();
    let mut open: Option<(&'static str, &'static str, Vec<&'static str>)> = None;
    let close = |open: &mut Option<(&'static str, &'static str, Vec<&'static str>)>,
                 out: &mut Vec<Rule>| {
        if let Some((id, title, lines)) = open.take() {
            out.push(Rule {
                id,
                title,
                text: lines.join("\n").trim().to_owned(),
            });
        }
    };
    for line in doc.lines() {
        if line.starts_with('#') {
            close(&mut open, &mut out);
            let heading = line.trim_start_matches('#').trim();
            let (id, title) = heading.split_once(' ').unwrap_or((heading, ""));
            if looks_like_id(id) {
                open = Some((id, title.trim(), Vec::new()));
            }
        } else if let Some((_, _, lines)) = open.as_mut()
            && !line.trim_start().starts_with("<!--")
        {
            lines.push(line);
        }
    }
    close(&mut open, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{self, Source};

    #[test]
    fn both_languages_have_the_same_ids_in_the_same_order() {
        let it: Vec<_> = all(Lang::It).iter().map(|r| r.id).collect();
        let en: Vec<_> = all(Lang::En).iter().map(|r| r.id).collect();
        assert_eq!(it, en);
        assert_eq!(en.len(), 82, "rules parsed: {en:?}");
    }

    #[test]
    fn every_rule_has_a_title_and_a_text() {
        for lang in [Lang::It, Lang::En] {
            for r in all(lang) {
                assert!(!r.title.is_empty(), "{} has no title ({lang:?})", r.id);
                assert!(!r.text.is_empty(), "{} has no text ({lang:?})", r.id);
            }
        }
    }

    #[test]
    fn a_rule_is_found_by_id_in_any_case() {
        let r = rule("g3b.3", Lang::En).expect("G3b.3");
        assert_eq!(r.id, "G3b.3");
        assert_eq!(r.title, "How far a piece moves");
        assert!(r.text.contains("abroad_steps"));
        assert_eq!(rule("0.5", Lang::It).map(|r| r.id), Some("§0.5"));
        assert_eq!(rule("G3b.99", Lang::It), None);
        // A rule's text stops at the next heading and carries its generated table.
        let g2a1 = rule("G2a.1", Lang::It).expect("G2a.1");
        assert!(g2a1.text.contains("| villaggio | 10 ducati |"));
        assert!(!g2a1.text.contains("G2a.2"));
        assert!(!g2a1.text.contains("<!--"));
    }

    #[test]
    fn a_summary_leaves_the_referees_switches_out() {
        let g3b3 = rule("G3b.3", Lang::It).expect("G3b.3");
        assert!(g3b3.text.contains("(interruttore `abroad_steps`)"));
        // The switches, by the rulebook's table of them: "| G7.2 | `see_adjacent_nodes` |".
        let switches: Vec<&str> = full(Lang::En)
            .lines()
            .filter_map(|l| l.strip_prefix("| G")?.split('`').nth(1))
            .filter(|w| w.contains('_'))
            .collect();
        assert!(switches.contains(&"see_adjacent_nodes"), "{switches:?}");
        for lang in [Lang::It, Lang::En] {
            for r in all(lang) {
                let said = r.summary();
                let id = said
                    .split([' ', ',', ';', '.', '(', ')'])
                    .find(|w| switches.contains(w));
                assert!(id.is_none() && !said.contains("  "), "{}: {said}", r.id);
            }
        }
        assert_eq!(
            without_switches("piede (switch `abroad_steps`). Poi (interruttore `x_y`), e"),
            "piede. Poi, e"
        );
    }

    #[test]
    fn a_mistyped_id_finds_its_nearest() {
        assert_eq!(nearest("g2b5"), ["G2b.5"]);
        assert_eq!(nearest("G3bb.3"), ["G3b.3"]);
        assert_eq!(nearest("G3b.9"), ["G3b.1", "G3b.2", "G3b.3"]);
        assert!(nearest("victory").is_empty());
    }

    #[test]
    fn a_summary_is_the_title_and_the_first_sentence() {
        let r = rule("G3d.3", Lang::En).expect("G3d.3");
        assert_eq!(
            r.summary(),
            "Bribes: Bribes are paid from the treasury immediately before the roll, and are \
             spent whatever the result."
        );
        let s = rule("G5.2", Lang::It).expect("G5.2").summary();
        assert!(
            s.starts_with("Dichiarate, onorate, tradite: Un club"),
            "{s}"
        );
    }

    /// The committed rulebooks carry exactly the tables the shipped campaign's data
    /// give. `scripts/rulebook.sh` (GIGLIO_REGENERATE=1) rewrites them instead.
    #[test]
    fn the_tables_match_the_shipped_rules_toml() {
        let source = Source::builtin("il-giglio").expect("built-in campaign");
        let campaign = scenario::load(&source).expect("valid campaign");
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        for (lang, path) in [
            (Lang::It, "docs/rulebook.it.md"),
            (Lang::En, "docs/rulebook.en.md"),
        ] {
            let path = root.join(path);
            let committed = std::fs::read_to_string(&path).expect("read rulebook");
            let fresh = tables::fill(&committed, &campaign, lang).expect("fill");
            if std::env::var_os("GIGLIO_REGENERATE").is_some() {
                std::fs::write(&path, &fresh).expect("write rulebook");
                continue;
            }
            assert!(
                committed == fresh,
                "{} differs from rules.toml: run scripts/rulebook.sh",
                path.display()
            );
        }
    }

    #[test]
    fn every_table_is_used_once_in_each_language() {
        for lang in [Lang::It, Lang::En] {
            for name in tables::NAMES {
                let marker = format!("<!-- table: {name} -->");
                assert_eq!(full(lang).matches(&marker).count(), 1, "{name} ({lang:?})");
            }
        }
    }

    #[test]
    fn a_changed_number_changes_the_table_and_a_bad_marker_is_refused() {
        let source = Source::builtin("il-giglio").expect("built-in campaign");
        let mut campaign = scenario::load(&source).expect("valid campaign");
        campaign.tables.income.city = 41;
        let doc = "x\n<!-- table: income -->\nold\n<!-- /table -->\ny\n";
        let out = tables::fill(doc, &campaign, Lang::En).expect("fill");
        assert!(out.contains("| city | 41 ducats |"), "{out}");
        assert!(!out.contains("old"));
        assert!(out.starts_with("x\n") && out.ends_with("<!-- /table -->\ny\n"));
        let err = tables::fill(
            "<!-- table: nope -->\n<!-- /table -->\n",
            &campaign,
            Lang::En,
        );
        assert_eq!(err, Err("line 1: unknown table `nope`".to_owned()));
        let err = tables::fill("a\n<!-- table: income -->\n", &campaign, Lang::En);
        assert_eq!(err, Err("line 2: table `income` is not closed".to_owned()));
    }

    /// Every field of `[rulings]` is explained in both rulebooks.
    #[test]
    fn every_ruling_switch_is_in_both_rulebooks() {
        let source = Source::builtin("il-giglio").expect("built-in campaign");
        let campaign = scenario::load(&source).expect("valid campaign");
        let v = serde_json::to_value(&campaign.tables.rulings).expect("json");
        let keys: Vec<&String> = v.as_object().expect("object").keys().collect();
        assert_eq!(keys.len(), 45, "{keys:?}");
        for lang in [Lang::It, Lang::En] {
            for k in &keys {
                let item = format!("- `{k}` (");
                assert!(full(lang).contains(&item), "{k} not explained ({lang:?})");
            }
        }
    }
}
