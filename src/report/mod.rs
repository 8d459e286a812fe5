//! Rendering through the templates in `templates/`: the map picture, battle cards,
//! clubs' reports, the public bulletin and the referee's report.
//!
//! The default templates are built into the binary; a referee overrides any of them by
//! putting a file of the same name in the campaign directory's `templates/`.
//! Rendering never decides what a club may see and never sends anything.

pub mod account;
pub mod asked;
pub mod card;
pub(crate) mod chart;
pub mod club;
pub(crate) mod crop;
pub(crate) mod diff;
pub mod export;
pub mod feed;
pub mod glossary;
pub(crate) mod kit;
pub(crate) mod layout;
pub(crate) mod ledger;
pub mod map;
pub(crate) mod names;
pub mod news;
pub mod page;
pub mod png;
pub mod reveal;
pub mod sheet;
pub mod site;
pub mod verdict;
pub(crate) mod welcome;
pub mod year;

use crate::error::{Error, Result};
use crate::rules::tables::Lang;
use minijinja::{AutoEscape, Environment, UndefinedBehavior};
use std::path::Path;

/// The templates built into the binary, by name.
const BUILTIN: &[(&str, &str)] = &[
    ("map.svg", include_str!("../../templates/map.svg")),
    ("card.txt", include_str!("../../templates/card.txt")),
    ("card.html", include_str!("../../templates/card.html")),
    ("report.txt", include_str!("../../templates/report.txt")),
    ("report.html", include_str!("../../templates/report.html")),
    ("bulletin.txt", include_str!("../../templates/bulletin.txt")),
    (
        "bulletin.html",
        include_str!("../../templates/bulletin.html"),
    ),
    ("referee.txt", include_str!("../../templates/referee.txt")),
    ("year.txt", include_str!("../../templates/year.txt")),
    ("year.html", include_str!("../../templates/year.html")),
    (
        "chronicle.txt",
        include_str!("../../templates/chronicle.txt"),
    ),
    (
        "chronicle.html",
        include_str!("../../templates/chronicle.html"),
    ),
    ("site.html", include_str!("../../templates/site.html")),
    (
        "site-root.html",
        include_str!("../../templates/site-root.html"),
    ),
    ("reveal.html", include_str!("../../templates/reveal.html")),
];

/// Builds the template environment: the referee's templates from `overrides` (if it
/// exists), then the built-in defaults; the words are the catalogue the command loaded
/// (the referee's `locales/` overrides included).
pub fn environment(
    overrides: Option<&Path>,
    words: crate::words::Words,
) -> Result<Environment<'static>> {
    let mut env = Environment::new();
    crate::words::register(&mut env, words);
    // `rule_summary("G3d.2", v.lang)`: a rule's title and first sentence, for a
    // referee's template that wants to explain a rule itself.
    env.add_function("rule_summary", |id: String, lang: String| {
        let lang = if lang == "en" { Lang::En } else { Lang::It };
        crate::rulebook::rule(&id, lang).map_or(id, |r| r.summary())
    });
    // `with_code(name, code)`: a nation's name with its code, one pair of brackets.
    env.add_function("with_code", |name: String, code: String| {
        crate::rules::campaign::name_with_code(&name, &code)
    });
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    // SVG is XML: escape it like HTML, so a name with `<` or `&` cannot break the picture.
    env.set_auto_escape_callback(|name| {
        if name.ends_with(".svg") || name.ends_with(".html") {
            AutoEscape::Html
        } else {
            AutoEscape::None
        }
    });
    for (name, text) in BUILTIN {
        let text = match overrides.map(|d| d.join(name)).filter(|p| p.is_file()) {
            Some(path) => std::fs::read_to_string(&path)
                .map_err(|e| Error::io(format!("template {}", path.display())).with_source(e))?,
            None => (*text).to_owned(),
        };
        env.add_template_owned(*name, text)
            .map_err(|e| template_error(name, &e))?;
    }
    Ok(env)
}

/// The words of the rules' facts with the catalogue of a template environment (the
/// referee's overrides included) and the campaign's calendar.
pub fn explain(
    env: &Environment,
    campaign: &crate::rules::Campaign,
) -> crate::words::explain::Explain {
    crate::words::explain::Explain::new(crate::words::from_env(env), campaign)
}

/// Turns a template error into a user error that names the template and line.
fn template_error(name: &str, e: &minijinja::Error) -> Error {
    let line = e.line().map_or(String::new(), |l| format!(":{l}"));
    Error::user(format!("template {name}{line}: {e:#}"))
}

#[cfg(test)]
mod tests {
    /// Issue 30.2: every template that renders a whole HTML document (what giglio mails
    /// or publishes) tells a phone to lay it out at the phone's width.
    #[test]
    fn every_html_document_carries_the_viewport() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
        let mut documents = Vec::new();
        for entry in std::fs::read_dir(&dir).expect("templates/") {
            let path = entry.expect("an entry").path();
            let text = std::fs::read_to_string(&path).expect("a template");
            if !text.contains("<html") {
                continue;
            }
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            assert!(
                text.contains(
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                ),
                "{name:?} has no viewport"
            );
            documents.push(name);
        }
        documents.sort();
        for t in [
            "report.html",
            "bulletin.html",
            "year.html",
            "card.html",
            "page.html",
        ] {
            assert!(
                documents.contains(&Some(t.to_owned())),
                "{t} among {documents:?}"
            );
        }
    }
}
