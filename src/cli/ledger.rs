//! `giglio ledger`: every ducat that moved, by club and phase, with its rule.

use super::orders::LangArg;
use super::ui;
use crate::error::{Error, Result};
use crate::report::ledger::{self, PhaseLedger};
use crate::rules::tables::Lang;
use crate::storage::Store;
use std::path::Path;

/// Show the ledger: opening treasury, every entry with its rule, closing treasury, and
/// the same for army values, for each resolved phase.
#[derive(Debug, clap::Args)]
pub(crate) struct LedgerArgs {
    /// Only this club's nation.
    #[arg(long, value_name = "CODE")]
    pub(crate) club: Option<String>,
    /// Only this year.
    #[arg(long, value_name = "YEAR")]
    pub(crate) year: Option<u16>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Language of the entries.
    #[arg(long, value_enum, default_value = "en")]
    pub(crate) lang: LangArg,
}

pub(crate) fn cmd_ledger(dir: &Path, a: LedgerArgs) -> Result<()> {
    let store = Store::open_read(dir)?;
    let words = super::words_of(dir)?;
    let lang = Lang::from(a.lang);
    let phases = store.phases()?;
    let nations: Vec<String> = match &a.club {
        Some(c) => {
            if !phases
                .first()
                .is_some_and(|p| p.world.nations.contains_key(c.as_str()))
            {
                return Err(Error::user(format!(
                    "`{c}` is not a nation of this campaign"
                )));
            }
            vec![c.clone()]
        }
        None => store.clubs()?.into_iter().map(|c| c.nation).collect(),
    };
    let mut ledgers: Vec<PhaseLedger> = Vec::new();
    for (i, p) in phases.iter().enumerate() {
        if a.year.is_some_and(|y| y != p.id.year) {
            continue;
        }
        let Some(resolution) = store.resolution(&p.id.key())? else {
            continue;
        };
        // From the phase's opening to the next one's: a battle's result applied as a
        // step of the phase is booked in the phase's resolution, so the world after the
        // steps would show its loss in the phase before as well (a play-test's ledger
        // read "opening 40, -60, closing 40").
        let after = phases.get(i + 1).map_or(&p.world, |n| &n.opening);
        for n in &nations {
            ledgers.push(ledger::phase_ledger(
                &p.opening,
                after,
                &resolution,
                n,
                &words,
                lang,
            ));
        }
    }
    if a.json {
        return ui::out_json(&ledgers);
    }
    if ledgers.is_empty() {
        ui::out("no resolved phase yet: the ledger starts with the first resolution\n");
        return Ok(());
    }
    ui::out(&ledger::text(&ledgers, &words, lang));
    Ok(())
}
