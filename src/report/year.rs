//! The year in review, rendered: each club's yearly report and the public chronicle
//! (templates `year.*` and `chronicle.*`), with the political map at the year's end;
//! and the year's record gathered from the campaign database.
//!
//! What each reader may learn is decided in `rules::chronicle`, never here.

use super::chart::Chart;
use super::{club, png};
use crate::error::{Error, Result};
use crate::rules::calendar::Phase;
use crate::rules::chronicle::{self, Chronicle, PhaseRecord, YearRecord, YearView};
use crate::rules::resolve::Resolution;
use crate::rules::tables::Lang;
use crate::rules::visibility::ClubName;
use crate::rules::{Campaign, NationCode, World};
use crate::scenario::clubs::Club;
use crate::storage::Store;
use minijinja::Environment;
use minijinja::value::{Serde, Value};

/// A yearly report or chronicle, as text and as HTML.
#[derive(Clone, Debug)]
pub struct Rendered {
    pub text: String,
    pub html: String,
}

/// Renders a club's yearly report.
pub fn year_report(env: &Environment, view: &YearView, map_src: &str) -> Result<Rendered> {
    year_report_charted(env, view, map_src, &[])
}

/// Renders a club's yearly report with its charts (`chart::club`).
pub fn year_report_charted(
    env: &Environment,
    view: &YearView,
    map_src: &str,
    charts: &[Chart],
) -> Result<Rendered> {
    let (text, html) = club::render_with(
        env,
        "year",
        view.lang,
        Value::from(Serde(view)),
        map_src,
        None,
        charts,
    )?;
    Ok(Rendered { text, html })
}

/// Renders the public chronicle of a year.
pub fn chronicle_report(env: &Environment, view: &Chronicle, map_src: &str) -> Result<Rendered> {
    chronicle_report_charted(env, view, map_src, &[])
}

/// Renders the public chronicle of a year with its chart (`chart::holdings`).
pub fn chronicle_report_charted(
    env: &Environment,
    view: &Chronicle,
    map_src: &str,
    charts: &[Chart],
) -> Result<Rendered> {
    let (text, html) = club::render_with(
        env,
        "chronicle",
        view.lang,
        Value::from(Serde(view)),
        map_src,
        None,
        charts,
    )?;
    Ok(Rendered { text, html })
}

/// The worlds the charts are drawn from: at the start of every year of the campaign up
/// to `record`'s (its spring's), and the end of `record`'s year, labelled the next.
pub fn history(store: &Store, record: &YearRecord) -> Result<Vec<(u16, World)>> {
    let mut out: Vec<(u16, World)> = store
        .phases()?
        .into_iter()
        .filter(|r| r.id.phase == Phase::Spring && r.id.year < record.year)
        .map(|r| (r.id.year, r.world))
        .collect();
    out.push((record.year, record.start().clone()));
    out.push((record.year + 1, record.end.clone()));
    Ok(out)
}

/// Draws the political map at the year's end as a PNG (G7.1: the same for everyone).
pub fn political_png(env: &Environment, campaign: &Campaign, end: &World) -> Result<Vec<u8>> {
    png::svg_to_png(&super::map::render(campaign, end, None, env)?, 1.0)
}

/// Builds the yearly view of every club that played the year, in club order.
pub fn club_views(
    env: &Environment,
    campaign: &Campaign,
    record: &YearRecord,
    clubs: &[Club],
) -> Vec<(Club, YearView)> {
    let say = super::explain(env, campaign);
    clubs
        .iter()
        .filter(|c| record.start().is_club(&c.nation) || record.end.is_club(&c.nation))
        .map(|c| {
            let nation = NationCode::from(c.nation.as_str());
            let view = chronicle::year_view(
                campaign,
                &say,
                record,
                ClubName {
                    nation: &nation,
                    name: &c.name,
                    lang: c.lang,
                },
            );
            (c.clone(), view)
        })
        .collect()
}

/// The chronicle of a year in a language.
pub fn chronicle_view(
    env: &Environment,
    campaign: &Campaign,
    record: &YearRecord,
    lang: Lang,
) -> Chronicle {
    chronicle::chronicle(campaign, &super::explain(env, campaign), record, lang)
}

/// Gathers year `year` from the database: every phase of it with its stored resolution,
/// and the world after its winter. `open` is the winter being resolved, when the
/// caller holds it before it is saved (its resolution's `next` is the year's end).
///
/// A year whose winter is not resolved is not over: that is a user error.
pub fn year_record(
    store: &Store,
    year: u16,
    open: Option<(&World, &Resolution)>,
) -> Result<YearRecord> {
    let rows = store.phases()?;
    let mut phases = Vec::new();
    let mut end = None;
    for (i, row) in rows.iter().enumerate().filter(|(_, r)| r.id.year == year) {
        let key = row.id.key();
        match open {
            Some((before, resolution)) if before.phase == row.id => {
                phases.push(PhaseRecord {
                    before: before.clone(),
                    resolution: Resolution {
                        next: None,
                        ..resolution.clone()
                    },
                });
                end = Some(resolution.next.clone().unwrap_or_else(|| before.clone()));
            }
            _ => {
                let resolution = store
                    .resolution(&key)?
                    .ok_or_else(|| not_over(year, &key))?;
                phases.push(PhaseRecord {
                    before: row.world.clone(),
                    resolution,
                });
                end = Some(
                    rows.get(i + 1)
                        .map_or_else(|| row.world.clone(), |n| n.world.clone()),
                );
            }
        }
    }
    let ends_in_winter = phases
        .last()
        .is_some_and(|p| p.before.phase.phase == Phase::Winter);
    match end {
        Some(end) if ends_in_winter => Ok(YearRecord {
            year,
            phases,
            end,
            announcements: store
                .chronicle_announcements(year)?
                .into_iter()
                .map(|a| crate::rules::chronicle::Announced {
                    it: a.text_it,
                    en: a.text_en,
                })
                .collect(),
        }),
        _ if phases.is_empty() => Err(Error::user(format!(
            "the campaign has no year {year} (see `giglio history`)"
        ))),
        _ => Err(not_over(year, &format!("{year}-winter"))),
    }
}

fn not_over(year: u16, key: &str) -> Error {
    Error::user(format!(
        "the year {year} is not over: {key} is not resolved yet, so there is no yearly report"
    ))
}
