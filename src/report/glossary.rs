//! The glossary of a club's report: every rule id the rendered report cites gets its
//! rule's one-line summary from the rulebook, where it stands (a tooltip in HTML) and in
//! a short list at the end, in the club's language.
//!
//! It works on the rendered text, so any template (a referee's override too) gets it
//! without a line of template code. Bare group ids (`G3`) are left alone: Genoa's node
//! codes look the same (`G3`), and a report cites rules by their full id.

use crate::rulebook::{self, Rule};
use crate::rules::tables::Lang;
use std::collections::BTreeSet;

/// The rule ids cited in `text`, in the rulebook's order.
pub fn cited(text: &str) -> Vec<&'static str> {
    let found: BTreeSet<&str> = tokens(text).map(|(_, t)| t).collect();
    rulebook::ids()
        .into_iter()
        .filter(|id| found.contains(id) && !is_bare_group(id))
        .collect()
}

/// Appends the glossary to a text report: a heading and one line per cited rule.
pub(crate) fn text(report: &str, lang: Lang, heading: &str) -> String {
    let rules = in_lang(report, lang);
    if rules.is_empty() {
        return report.to_owned();
    }
    let mut out = report.trim_end().to_owned();
    out.push_str(&format!("\n\n== {heading}\n"));
    for r in &rules {
        out.push_str(&format!("  {} {}\n", r.id, r.summary()));
    }
    out
}

/// Marks every cited rule id of an HTML report with its summary as a tooltip
/// (`<abbr title=…>`), and lists them in a footnote section before `</body>`.
pub(crate) fn html(report: &str, lang: Lang, heading: &str) -> String {
    let rules = in_lang(report, lang);
    if rules.is_empty() {
        return report.to_owned();
    }
    let (head, body) = match report.find("<body") {
        Some(i) => report.split_at(i),
        None => ("", report),
    };
    let mut out = String::with_capacity(report.len() + 2048);
    out.push_str(head);
    let mut copied = 0;
    for (at, token) in tokens_outside_tags(body) {
        let Some(r) = rules.iter().find(|r| r.id == token) else {
            continue;
        };
        out.push_str(&body[copied..at]);
        out.push_str(&format!(
            "<abbr class=\"rule\" title=\"{}\">{token}</abbr>",
            escape(&r.summary())
        ));
        copied = at + token.len();
    }
    let rest = &body[copied..];
    let section = footnotes(&rules, heading);
    match rest.rfind("</body>") {
        Some(i) => {
            out.push_str(&rest[..i]);
            out.push_str(&section);
            out.push_str(&rest[i..]);
        }
        None => {
            out.push_str(rest);
            out.push_str(&section);
        }
    }
    out
}

/// The cited rules, in the report's language.
fn in_lang(report: &str, lang: Lang) -> Vec<Rule> {
    cited(report)
        .into_iter()
        .filter_map(|id| rulebook::rule(id, lang))
        .collect()
}

fn footnotes(rules: &[Rule], heading: &str) -> String {
    let mut s = format!(
        "<section id=\"glossary\">\n<h2>{}</h2>\n<dl>\n",
        escape(heading)
    );
    for r in rules {
        s.push_str(&format!(
            "<dt id=\"rule-{}\">{}</dt><dd>{}</dd>\n",
            escape(r.id),
            escape(r.id),
            escape(&r.summary())
        ));
    }
    s.push_str("</dl>\n</section>\n");
    s
}

fn is_bare_group(id: &str) -> bool {
    id.starts_with('G') && id[1..].chars().all(|c| c.is_ascii_digit())
}

/// Every word of `text` that has a rule id's shape, with its byte offset: a run of
/// letters, digits, dots and `§` that starts at a word boundary, without a trailing dot.
fn tokens(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<usize> = None;
    let mut prev_word = false;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let word = c.is_alphanumeric() || c == '.' || c == '§' || c == '_';
        match (start, word) {
            (None, true) if !prev_word => start = Some(i),
            (Some(s), false) => {
                let t = text[s..i].trim_end_matches('.');
                if rulebook::looks_like_id(t) {
                    out.push((s, t));
                }
                start = None;
            }
            _ => {}
        }
        prev_word = word;
    }
    out.into_iter()
}

/// Like [`tokens`], skipping what lies inside tags, `<style>` and `<script>`, and ids
/// already marked.
fn tokens_outside_tags(html: &str) -> Vec<(usize, &str)> {
    let mut skip: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while let Some(lt) = html[i..].find('<').map(|k| k + i) {
        let gt = html[lt..].find('>').map_or(html.len(), |k| lt + k + 1);
        let tag = &html[lt..gt];
        let end = ["style", "script", "abbr", "title"]
            .iter()
            .find(|name| tag.starts_with(&format!("<{name}")))
            .and_then(|name| html[gt..].find(&format!("</{name}>")).map(|k| gt + k))
            .unwrap_or(gt);
        skip.push((lt, end));
        i = gt.max(end);
        if i >= html.len() {
            break;
        }
    }
    tokens(html)
        .filter(|(at, _)| !skip.iter().any(|(a, b)| (*a..*b).contains(at)))
        .collect()
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_found_at_word_boundaries_and_genoas_nodes_are_not_rules() {
        let ids = cited("(G3c.7) G2b.3/G2b.4, G3d.2. Genova (G3) xG2a.1 G3b.99 §0.5");
        assert_eq!(ids, ["G2b.3", "G2b.4", "G3c.7", "G3d.2", "§0.5"]);
    }

    #[test]
    fn the_text_glossary_lists_each_cited_rule_once_in_the_clubs_language() {
        let out = text(
            "  (G3d.3) corruzione\n  (G3d.3) ancora\n",
            Lang::It,
            "Regole citate",
        );
        assert!(
            out.ends_with(
                "== Regole citate\n  G3d.3 Corruzione: I ducati della corruzione si pagano dalla \
             tesoreria subito prima del tiro, e sono spesi qualunque sia il risultato.\n"
            ),
            "{out}"
        );
        assert_eq!(out.matches("G3d.3").count(), 3);
        assert_eq!(text("nothing cited\n", Lang::It, "x"), "nothing cited\n");
    }

    #[test]
    fn the_html_glossary_marks_ids_in_text_and_leaves_tags_alone() {
        let page = "<html><head><title>G3d.3</title></head><body>\
                    <p class=\"G3d.3\">bribe (G3d.3)</p></body></html>";
        let out = html(page, Lang::En, "Rules cited");
        assert!(out.contains("<title>G3d.3</title>"), "{out}");
        assert!(out.contains("<p class=\"G3d.3\">bribe (<abbr class=\"rule\" title=\"Bribes: "));
        assert!(
            out.contains("whatever the result.\">G3d.3</abbr>)</p>"),
            "{out}"
        );
        assert!(out.contains("<section id=\"glossary\">\n<h2>Rules cited</h2>"));
        assert!(out.ends_with("</section>\n</body></html>"), "{out}");
        let doc = roxmltree::Document::parse(&out).expect("still well formed");
        assert_eq!(
            doc.descendants().filter(|n| n.has_tag_name("abbr")).count(),
            1
        );
    }

    #[test]
    fn templates_can_ask_for_a_rules_summary() {
        let env =
            crate::report::environment(None, crate::words::Words::load(None).expect("catalogue"))
                .expect("environment");
        let out = env
            .render_str(
                "{{ rule_summary('G3d.3', 'it') }} / {{ rule_summary('G77', 'en') }}",
                (),
            )
            .expect("renders");
        assert_eq!(
            out,
            "Corruzione: I ducati della corruzione si pagano dalla tesoreria subito prima del \
             tiro, e sono spesi qualunque sia il risultato. / G77"
        );
    }
}
