//! Checks a catalogue: both languages carry the same messages with the same arguments,
//! and a referee's override replaces only messages that exist, keeping their arguments.

#[cfg(test)]
use super::LANGS;
use super::builtin_sources;
use crate::diag::line_col;
use crate::rules::tables::Lang;
use fluent_syntax::ast;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

/// One thing wrong with a catalogue, located where it can be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CatalogueProblem {
    /// `file:line:col`, or the file.
    pub(crate) at: String,
    pub(crate) message: String,
}

impl fmt::Display for CatalogueProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// Every message id of some sources.
pub(super) fn ids_of(sources: &[(&str, &str)]) -> BTreeSet<String> {
    messages(sources).into_keys().collect()
}

/// Every message of some sources, with the arguments it reads.
fn messages(sources: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
    let mut out = BTreeMap::new();
    for (_, source) in sources {
        let resource = match fluent_syntax::parser::parse(*source) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                out.insert(m.id.name.to_owned(), arguments_of(&m));
            }
        }
    }
    out
}

/// The arguments (`$name`) message `id` reads in the built-in catalogue of `lang`.
#[cfg(test)]
pub(crate) fn message_arguments(lang: Lang, id: &str) -> Option<BTreeSet<String>> {
    messages(&builtin_sources(lang)).remove(id)
}

fn arguments_of(m: &ast::Message<&str>) -> BTreeSet<String> {
    let mut vars = BTreeSet::new();
    if let Some(p) = &m.value {
        pattern_vars(p, &mut vars);
    }
    for a in &m.attributes {
        pattern_vars(&a.value, &mut vars);
    }
    vars
}

fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &p.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for v in variants {
                pattern_vars(&v.value, vars);
            }
        }
        ast::Expression::Inline(i) => inline_vars(i, vars),
    }
}

fn inline_vars(i: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for p in &arguments.positional {
                inline_vars(p, vars);
            }
            for n in &arguments.named {
                inline_vars(&n.value, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

/// Compares the built-in languages: every message in one is in the other, with the same
/// arguments, and every file parses.
#[cfg(test)]
fn compare_languages() -> Vec<CatalogueProblem> {
    let mut problems = Vec::new();
    for lang in LANGS {
        for (name, source) in builtin_sources(lang) {
            problems.extend(parse_problems(
                &format!("locales/{}/{name}", lang.as_str()),
                source,
            ));
        }
    }
    let it = messages(&builtin_sources(Lang::It));
    let en = messages(&builtin_sources(Lang::En));
    for (id, vars) in &it {
        match en.get(id) {
            None => problems.push(CatalogueProblem {
                at: "locales/en".into(),
                message: format!("message {id} is in Italian only"),
            }),
            Some(v) if v != vars => problems.push(CatalogueProblem {
                at: "locales".into(),
                message: format!(
                    "message {id} reads {} in Italian and {} in English",
                    list(vars),
                    list(v)
                ),
            }),
            _ => {}
        }
    }
    for id in en.keys().filter(|id| !it.contains_key(*id)) {
        problems.push(CatalogueProblem {
            at: "locales/it".into(),
            message: format!("message {id} is in English only"),
        });
    }
    problems
}

fn list(vars: &BTreeSet<String>) -> String {
    if vars.is_empty() {
        "no argument".into()
    } else {
        vars.iter()
            .map(|v| format!("${v}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn parse_problems(at: &str, source: &str) -> Vec<CatalogueProblem> {
    match fluent_syntax::parser::parse(source) {
        Ok(_) => Vec::new(),
        Err((_, errors)) => errors
            .iter()
            .map(|e| {
                // Point at the entry that breaks (the parser's position is often the
                // end of the file, after an unclosed brace).
                let start = e.slice.as_ref().map_or(e.pos.start, |s| s.start);
                let (line, col) = line_col(source, start);
                CatalogueProblem {
                    at: format!("{at}:{line}:{col}"),
                    message: format!("this catalogue does not parse: {}", e.kind),
                }
            })
            .collect(),
    }
}

/// Checks a referee's overrides `(language, path, text)`: each parses, names messages
/// the built-in catalogue has, and keeps their arguments (an override that dropped one
/// would silently lose a number from every report).
pub(super) fn check_overrides(overrides: &[(Lang, String, String)]) -> Vec<CatalogueProblem> {
    let mut problems = Vec::new();
    for (lang, path, text) in overrides {
        let errors = parse_problems(path, text);
        if !errors.is_empty() {
            problems.extend(errors);
            continue;
        }
        let builtin = messages(&builtin_sources(*lang));
        let Ok(resource) = fluent_syntax::parser::parse(text.as_str()) else {
            continue;
        };
        for entry in resource.body {
            let ast::Entry::Message(m) = entry else {
                continue;
            };
            let offset = m.id.name.as_ptr() as usize - text.as_ptr() as usize;
            let (line, col) = line_col(text, offset);
            let at = format!("{path}:{line}:{col}");
            let id = m.id.name;
            match builtin.get(id) {
                None => problems.push(CatalogueProblem {
                    at,
                    message: format!(
                        "giglio has no message {id} to override (a mistyped id would never be shown)"
                    ),
                }),
                Some(vars) => {
                    let mine = arguments_of(&m);
                    if &mine != vars {
                        problems.push(CatalogueProblem {
                            at,
                            message: format!(
                                "message {id} must read {} (this override reads {})",
                                list(vars),
                                list(&mine)
                            ),
                        });
                    }
                }
            }
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages_carry_every_message_with_the_same_arguments() {
        let problems = compare_languages();
        assert!(problems.is_empty(), "{problems:#?}");
    }

    #[test]
    fn an_override_cannot_drop_an_argument_or_invent_a_message() {
        let text = "words-selftest = tante armate\nwords-nonesuch = x\n".to_owned();
        let problems = check_overrides(&[(Lang::It, "house/it.ftl".into(), text)]);
        assert_eq!(problems.len(), 2, "{problems:#?}");
        assert_eq!(problems[0].at, "house/it.ftl:1:1");
        assert!(problems[0].message.contains("$count, $node"));
        assert_eq!(problems[1].at, "house/it.ftl:2:1");
        assert!(problems[1].message.contains("no message words-nonesuch"));
    }

    #[test]
    fn an_override_that_does_not_parse_is_located() {
        let text = "words-selftest = ok { $count } { $node }\nbroken = {\n".to_owned();
        let problems = check_overrides(&[(Lang::En, "house/en.ftl".into(), text)]);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        assert_eq!(problems[0].at, "house/en.ftl:2:1");
    }
}
