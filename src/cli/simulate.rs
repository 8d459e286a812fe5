//! `giglio simulate`: many whole campaigns played by bots, for balance statistics.

use super::{load_definition, ui};
use crate::error::{Error, Result};
use crate::rules::NationCode;
use crate::simulate;
use std::path::Path;

/// Play N whole campaigns with bot clubs from independent seeds (in parallel, on every
/// core) and print how often each nation would meet each objective, win rates, mean
/// treasuries, battles and sieges per year.
#[derive(Debug, clap::Args)]
pub(crate) struct SimulateArgs {
    /// How many whole campaigns to play.
    #[arg(long, default_value_t = 100)]
    pub(crate) runs: u64,
    /// How many years each campaign lasts.
    #[arg(long, default_value_t = 5)]
    pub(crate) years: u16,
    /// The simulation's seed: the same seed gives the same statistics.
    #[arg(long, default_value_t = 1494)]
    pub(crate) seed: u64,
    /// Threads (0: every core); the statistics do not depend on it.
    #[arg(long, default_value_t = 0)]
    pub(crate) threads: usize,
    /// A built-in campaign name or a definition directory.
    #[arg(long, value_name = "NAME|PATH", default_value = "il-giglio")]
    pub(crate) campaign: String,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Also draw the win rates and objective rates as a chart: FILE.svg or FILE.png.
    #[arg(long, value_name = "FILE")]
    pub(crate) chart: Option<std::path::PathBuf>,
}

pub(crate) fn cmd_simulate(_: &Path, a: SimulateArgs) -> Result<()> {
    let (c, source) = load_definition(&a.campaign)?;
    let rs = crate::scenario::rulesets(&source)
        .map_err(|d| super::invalid_files(d, Some(&source)))?
        .into_iter()
        .find(|r| r.id == c.default_ruleset)
        .ok_or_else(|| Error::user(format!("no ruleset `{}`", c.default_ruleset)))?;
    let clubs: Vec<NationCode> = c
        .nations
        .iter()
        .filter(|n| n.played)
        .map(|n| n.code.clone())
        .collect();
    let bar = indicatif::ProgressBar::new(a.runs);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} campaigns {elapsed}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let plan = simulate::Plan {
        runs: a.runs,
        years: a.years,
        seed: a.seed,
        threads: a.threads,
    };
    let s = simulate::simulate(&c, &rs, &clubs, plan, &|| bar.inc(1)).map_err(Error::user)?;
    bar.finish_and_clear();
    if let Some(path) = &a.chart {
        write_chart(&c, &clubs, &s, path)?;
    }
    if a.json {
        return ui::out_json(&s);
    }
    let mut out = format!(
        "{} campaigns of {} years (seed {}), battles auto-resolved with {}\n\n",
        s.runs, s.years, a.seed, rs.id
    );
    out.push_str(&format!("{:<5}{:>7}{:>10}", "", "wins", "treasury"));
    let names: Vec<String> = simulate::OBJECTIVES
        .iter()
        .map(|k| {
            serde_json::to_value(k)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        })
        .collect();
    for n in &names {
        out.push_str(&format!(" {:>9}", abbreviate(n)));
    }
    out.push('\n');
    for c in &clubs {
        let code = c.as_str();
        out.push_str(&format!(
            "{code:<5}{:>6.0}%{:>10.0}",
            100.0 * s.win_rates.get(code).copied().unwrap_or(0.0),
            s.mean_treasury.get(code).copied().unwrap_or(0.0)
        ));
        for n in &names {
            let rate = s
                .objective_rates
                .get(code)
                .and_then(|r| r.get(n))
                .copied()
                .unwrap_or(0.0);
            out.push_str(&format!(" {:>8.0}%", 100.0 * rate));
        }
        out.push('\n');
    }
    out.push_str(
        "\nobjective columns: share of campaigns in which the nation would meet it at the end\n",
    );
    let per_year = |v: &[f64]| {
        v.iter()
            .map(|x| format!("{x:.1}"))
            .collect::<Vec<_>>()
            .join(" / ")
    };
    out.push_str(&format!(
        "battles per year: {}\nsieges per year:  {}\n",
        per_year(&s.mean_battles_per_year),
        per_year(&s.mean_sieges_per_year)
    ));
    ui::out(&out);
    Ok(())
}

/// Writes the simulation's chart (`report::chart::simulation`, in English, the
/// referee's language): SVG, or PNG drawn by the map's path when the name ends `.png`.
fn write_chart(
    c: &crate::rules::Campaign,
    clubs: &[NationCode],
    s: &simulate::Summary,
    path: &Path,
) -> Result<()> {
    let lang = crate::rules::tables::Lang::En;
    let words = crate::words::Words::load(None)?;
    let nations: Vec<String> = clubs.iter().map(|n| n.to_string()).collect();
    let wins: Vec<f64> = nations
        .iter()
        .map(|n| s.win_rates.get(n).copied().unwrap_or(0.0))
        .collect();
    // The objectives the simulation measures, named as the campaign names them.
    let objectives: Vec<(String, Vec<f64>)> = simulate::OBJECTIVES
        .iter()
        .filter_map(|k| c.tables.victory.objective.iter().find(|o| o.id == *k))
        .map(|o| {
            let key = serde_json::to_value(o.id)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let rates = nations
                .iter()
                .map(|n| {
                    s.objective_rates
                        .get(n)
                        .and_then(|r| r.get(&key))
                        .copied()
                        .unwrap_or(0.0)
                })
                .collect();
            (
                crate::words::explain::objective_name(o, lang).to_owned(),
                rates,
            )
        })
        .collect();
    let chart =
        crate::report::chart::simulation(&words, lang, s.runs, &nations, &wins, &objectives)?;
    let png = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("png"));
    let bytes = if png {
        crate::report::chart::png(&chart)?
    } else {
        chart.svg.into_bytes()
    };
    std::fs::write(path, bytes).map_err(|e| Error::write_at(path, e))?;
    Ok(())
}

/// Shortens an objective's id for a column head (`most_alliances_honoured` → `honoured`).
fn abbreviate(id: &str) -> String {
    let last = id.rsplit('_').next().unwrap_or(id);
    if id == "keep_possessions" {
        "keep".to_owned()
    } else {
        last.chars().take(9).collect()
    }
}
