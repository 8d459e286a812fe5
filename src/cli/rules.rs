//! `giglio rules`: the campaign rulebook built into giglio, one rule or the list of ids.

use super::json::{RuleJson, RulesOut};
use super::orders::LangArg;
use super::ui;
use crate::error::{Error, Result};
use crate::rulebook::{self, Rule};
use crate::rules::tables::Lang;
use crate::t;
use crate::words::Words;

/// Print a rule of the campaign rulebook by its id (the ids reports and errors cite),
/// or, without an id, every id with its title.
#[derive(Debug, clap::Args)]
#[command(after_help = "Examples:
  giglio rules                  every rule id with its title
  giglio rules G3b.3            how far a piece moves, in Italian
  giglio rules G3d.2 --lang en  the siege roll and Table 35, in English
  giglio rules 0.5              a battle convention (§0.5)")]
pub(crate) struct RulesArgs {
    /// The rule id, as reports cite it (`G3b.3`, `G3c`, `§0.5`); case does not matter.
    #[arg(value_name = "ID")]
    pub(crate) id: Option<String>,
    /// Language of the rulebook.
    #[arg(long, value_enum, default_value = "it")]
    pub(crate) lang: LangArg,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

impl<'a> RuleJson<'a> {
    fn of(r: &'a Rule, with_text: bool) -> Self {
        RuleJson {
            id: r.id,
            title: r.title,
            text: with_text.then_some(r.text.as_str()),
        }
    }
}

/// Needs no campaign: the rulebook is built into the binary.
pub(crate) fn cmd_rules(a: RulesArgs) -> Result<()> {
    let lang = Lang::from(a.lang);
    let words = Words::load(None)?;
    let Some(id) = a.id else {
        let all = rulebook::all(lang);
        if a.json {
            let rows: Vec<RuleJson> = all.iter().map(|r| RuleJson::of(r, false)).collect();
            return ui::out_json(&RulesOut::All(rows));
        }
        let width = all.iter().map(|r| r.id.chars().count()).max().unwrap_or(0);
        let mut out = String::new();
        for r in all {
            let pad = width - r.id.chars().count();
            out.push_str(&format!("{}{}  {}\n", r.id, " ".repeat(pad), r.title));
        }
        out.push_str(&format!("\n{}\n", words.plain(lang, "rulebook-list-hint")));
        ui::out(&out);
        return Ok(());
    };
    let Some(r) = rulebook::rule(&id, lang) else {
        let mut msg = t!(words, lang, "rulebook-unknown", id = id.as_str());
        let near = rulebook::nearest(&id);
        if !near.is_empty() {
            let ids = near.join(", ");
            msg.push(' ');
            msg.push_str(&t!(words, lang, "rulebook-did-you-mean", ids = ids));
        }
        return Err(Error::user(msg));
    };
    if a.json {
        return ui::out_json(&RulesOut::One(RuleJson::of(&r, true)));
    }
    ui::out(&format!("{} {}\n\n{}\n", r.id, r.title, r.text));
    Ok(())
}
