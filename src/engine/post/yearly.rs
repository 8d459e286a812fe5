//! The messages of the year's end, queued with the winter's resolution: every club's
//! yearly report (text, HTML with its charts, the political map at the year's end
//! inline, the public chronicle attached in its language, the charts as PNG), and the
//! chronicle to the referee.

use super::{Mailing, ResolvedPhase};
use crate::error::Result;
use crate::mail::compose::{Draft, FilePart, compose, mailbox};
use crate::report::chart;
use crate::report::year::{self, Rendered, YearData};
use crate::rules::Campaign;
use crate::rules::tables::Lang;
use crate::storage::OutMessage;
use std::collections::BTreeMap;

/// The chronicle's file name in a language.
pub(crate) fn chronicle_file(lang: Lang, year: u16) -> String {
    match lang {
        Lang::It => format!("cronaca-{year}.txt"),
        Lang::En => format!("chronicle-{year}.txt"),
    }
}

/// A chart's picture's file name in a language: `grafico-1494-1.png`.
fn chart_file(lang: Lang, year: u16, n: usize) -> String {
    match lang {
        Lang::It => format!("grafico-{year}-{n}.png"),
        Lang::En => format!("chart-{year}-{n}.png"),
    }
}

fn chronicle_part(lang: Lang, year: u16, r: &Rendered) -> FilePart {
    FilePart {
        name: chronicle_file(lang, year),
        mime: "text/plain; charset=utf-8",
        bytes: r.text.clone().into_bytes(),
    }
}

/// Renders and composes the yearly messages of the winter `p`, from its year as the
/// engine gathered it.
pub(crate) fn yearly_messages(
    campaign: &Campaign,
    p: &ResolvedPhase,
    year: &YearData,
    m: &Mailing,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let (record, history) = (&year.record, &year.history);
    let y = record.year;
    let from = mailbox(&m.config.mail.from)?;
    let phase = Some(p.before.phase.key());
    // The political map in each language a club or the referee reads it in.
    let mut pngs = BTreeMap::new();
    for lang in [Lang::It, Lang::En] {
        pngs.insert(
            lang,
            year::political_png(m.env, campaign, &record.end, lang)?,
        );
    }
    let words = crate::words::from_env(m.env);
    let years: Vec<(u16, &crate::rules::World)> = history.iter().map(|(y, w)| (*y, w)).collect();
    let mut chronicles = BTreeMap::new();
    let mut holdings = BTreeMap::new();
    for lang in [Lang::It, Lang::En] {
        let view = year::chronicle_view(m.env, campaign, record, lang);
        let chart = chart::holdings(&words, lang, campaign, &years)?;
        chronicles.insert(
            lang,
            year::chronicle_report_charted(m.env, &view, "cid:map", std::slice::from_ref(&chart))?,
        );
        holdings.insert(lang, chart);
    }
    let mut out = Vec::new();
    for (club, view) in year::club_views(m.env, campaign, record, p.clubs) {
        let charts = chart::club(&words, club.lang, &view.nation, &years)?;
        let r = year::year_report_charted(m.env, &view, "cid:map", &charts)?;
        // The charts as pictures too: many mail programs do not draw SVG inside HTML.
        let mut files = vec![chronicle_part(club.lang, y, &chronicles[&club.lang])];
        for (i, c) in charts.iter().chain([&holdings[&club.lang]]).enumerate() {
            files.push(FilePart {
                name: chart_file(club.lang, y, i + 1),
                mime: "image/png",
                bytes: chart::png(c)?,
            });
        }
        let draft = Draft {
            kind: "yearly",
            phase: phase.clone(),
            nation: Some(club.nation.clone()),
            to_name: Some(club.name.clone()),
            to: club.emails.clone(),
            subject: format!("[{}] {}: {}", view.campaign, view.nation_name, view.title),
            text: r.text,
            html: Some(r.html),
            inline_png: Some(super::map_picture(
                m.env,
                club.lang,
                pngs[&club.lang].clone(),
            )),
            files,
            salt: String::new(),
        };
        out.push(compose(&draft, &from, now)?);
    }
    if !m.config.mail.referee.is_empty() {
        let it = &chronicles[&Lang::It];
        let draft = Draft {
            kind: "chronicle",
            phase,
            nation: None,
            to_name: None,
            to: m.config.mail.referee.clone(),
            subject: crate::t!(
                crate::words::from_env(m.env),
                m.config.mail.referee_lang,
                "subject-chronicle",
                game = campaign.title_it.as_str(),
                year = y.to_string()
            ),
            text: it.text.clone(),
            html: Some(it.html.clone()),
            inline_png: Some(super::map_picture(
                m.env,
                m.config.mail.referee_lang,
                pngs[&m.config.mail.referee_lang].clone(),
            )),
            files: vec![chronicle_part(Lang::En, y, &chronicles[&Lang::En])],
            salt: String::new(),
        };
        out.push(compose(&draft, &from, now)?);
    }
    Ok(out)
}
