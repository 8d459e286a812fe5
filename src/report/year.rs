//! The year in review, rendered: each club's yearly report and the public chronicle
//! (templates `year.*` and `chronicle.*`), with the political map at the year's end,
//! from the year's record the engine gathers (`engine::paperwork`).
//!
//! What each reader may learn is decided in `rules::chronicle`, never here.

use super::chart::Chart;
use super::{club, png};
use crate::error::Result;
use crate::rules::chronicle::{self, Chronicle, YearRecord, YearView};
use crate::rules::tables::Lang;
use crate::rules::visibility::ClubName;
use crate::rules::{Campaign, NationCode, World};
use crate::scenario::clubs::Club;
use minijinja::Environment;
use minijinja::value::{Serde, Value};

/// A year as its reports need it: its record, and the worlds its charts are drawn from
/// (at the start of every year up to it, and its end labelled the next year).
#[derive(Clone, Debug)]
pub(crate) struct YearData {
    pub(crate) record: YearRecord,
    pub(crate) history: Vec<(u16, World)>,
}

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
pub(crate) fn year_report_charted(
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
pub(crate) fn chronicle_report_charted(
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

/// Draws the political map at the year's end as a PNG (G7.1: the same for everyone),
/// in a language (its title, legend and seas).
pub(crate) fn political_png(
    env: &Environment,
    campaign: &Campaign,
    end: &World,
    lang: Lang,
) -> Result<Vec<u8>> {
    png::map_to_png(&super::map::render(campaign, end, None, lang, env)?)
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
