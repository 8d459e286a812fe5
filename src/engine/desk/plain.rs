//! The desk's replies in the club's own words: the order kinds a receipt echoes named in
//! the club's language beside the file's key, the `error[…]`/`warning[…]` labels of
//! located diagnostics translated, and every rule id a reply cites listed with its text
//! at the end, as round reports do.

use crate::rules::tables::Lang;
use crate::words::Words;

/// Whether `key` is an order key a file may carry (a season's keys, a letter, an
/// extension), each with a catalogue entry `receipt-kind-<key>` naming it.
fn is_kind(key: &str) -> bool {
    use crate::orders::explain::{SPRING_KEYS, SUMMER_KEYS};
    SPRING_KEYS.contains(&key)
        || SUMMER_KEYS.contains(&key)
        || crate::orders::explain::ANY_PHASE_KEYS.contains(&key)
}

/// One echoed order segment (`stance: piece = "V-A1", …` or `loan = 200`) led by its
/// kind's name in the club's language: `Scelte d'incontro: [[stance]] piece = …`.
pub(super) fn named_segment(w: &Words, lang: Lang, segment: &str) -> String {
    let (key, table) = match segment.split_once(": ") {
        Some((k, rest)) if is_kind(k) => (k, Some(rest)),
        _ => match segment.split_once(" = ") {
            Some((k, _)) if is_kind(k) => (k, None),
            _ => return segment.to_owned(),
        },
    };
    // A hire is named by the specialist it hires ("Ingaggio di una spia"), not by the
    // list of the four.
    let specialist = table
        .and_then(|fields| fields.split("specialist = \"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .map(|s| format!("order-name-hire-{s}"))
        .filter(|id| key == "hire" && w.has(lang, id));
    let name = match specialist {
        Some(id) => {
            let said = w.plain(lang, &id);
            let mut chars = said.chars();
            chars.next().map_or(said.clone(), |c| {
                c.to_uppercase().collect::<String>() + chars.as_str()
            })
        }
        None => w.plain(lang, &format!("receipt-kind-{}", key.replace('_', "-"))),
    };
    match table {
        Some(fields) => format!("{name}: [[{key}]] {fields}"),
        None => format!("{name}: {segment}"),
    }
}

/// The labels of rendered diagnostics (`error[G3b.2]:`, `warning[…]:`, at a line's start
/// or after `file:line:col: `) in the club's language.
pub(crate) fn labels(w: &Words, lang: Lang, text: &str) -> String {
    if lang == Lang::En {
        return text.to_owned();
    }
    let error = format!("{}[", w.plain(lang, "diag-error"));
    let warning = format!("{}[", w.plain(lang, "diag-warning"));
    let mut out = String::with_capacity(text.len() + 64);
    for line in text.split_inclusive('\n') {
        let line = if let Some(rest) = line.strip_prefix("error[") {
            format!("{error}{rest}")
        } else if let Some(rest) = line.strip_prefix("warning[") {
            format!("{warning}{rest}")
        } else if line.contains(": error[") {
            line.replacen(": error[", &format!(": {error}"), 1)
        } else if line.contains(": warning[") {
            line.replacen(": warning[", &format!(": {warning}"), 1)
        } else {
            line.to_owned()
        };
        out.push_str(&line);
    }
    out
}

/// The reply with every rule id it cites listed at its end with the rule's text.
pub(super) fn with_rules(w: &Words, lang: Lang, text: &str) -> String {
    crate::report::glossary::text(text, lang, &w.plain(lang, "rulebook-glossary-mail"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Words {
        Words::load(None).expect("catalogue")
    }

    #[test]
    fn an_echoed_order_leads_with_its_kind_in_the_clubs_language() {
        let w = words();
        assert_eq!(
            named_segment(
                &w,
                Lang::It,
                "stance: piece = \"F-A1\", on_contact = \"attack\""
            ),
            "Scelte d'incontro: [[stance]] piece = \"F-A1\", on_contact = \"attack\""
        );
        assert_eq!(
            named_segment(&w, Lang::En, "loan = 200"),
            "Loan: loan = 200"
        );
        assert_eq!(
            named_segment(&w, Lang::It, "something: else"),
            "something: else"
        );
        use crate::orders::explain::{SPRING_KEYS, SUMMER_KEYS};
        for k in SPRING_KEYS
            .iter()
            .chain(SUMMER_KEYS)
            .chain(&["letter", "extension"])
        {
            let key = format!("receipt-kind-{}", k.replace('_', "-"));
            for lang in [Lang::It, Lang::En] {
                assert_ne!(w.plain(lang, &key), key, "{key} in {lang:?}");
            }
        }
    }

    #[test]
    fn diagnostic_labels_are_translated_where_they_stand() {
        let w = words();
        let text = "error[G3b.2]: nessuna strada\n --> orders.toml:7:10\norders.toml:1:1: warning[x]: y\nan error[ inside\n";
        assert_eq!(
            labels(&w, Lang::It, text),
            "errore[G3b.2]: nessuna strada\n --> orders.toml:7:10\norders.toml:1:1: avviso[x]: y\nan error[ inside\n"
        );
        assert_eq!(labels(&w, Lang::En, text), text);
    }

    #[test]
    fn a_reply_lists_the_rules_it_cites_with_their_text() {
        let w = words();
        let said = with_rules(&w, Lang::It, "error[G3b.2]: nessuna strada tra F0 e F4\n");
        assert!(said.contains("== Regole citate\n  G3b.2 "), "{said}");
        let plain = "nessuna regola qui\n";
        assert_eq!(with_rules(&w, Lang::It, plain), plain);
    }
}
