//! The messages of the year's end, queued with the winter's resolution: every club's
//! yearly report (text, HTML, the political map at the year's end inline, the public
//! chronicle attached in its language), and the chronicle to the referee.

use super::compose::{Draft, FilePart, compose, mailbox};
use super::outbox::{Mailing, ResolvedPhase};
use crate::error::Result;
use crate::report::year::{self, Rendered};
use crate::rules::Campaign;
use crate::rules::calendar::Phase;
use crate::rules::tables::Lang;
use crate::storage::{OutMessage, Store};
use std::collections::BTreeMap;

/// The chronicle's file name in a language.
pub fn chronicle_file(lang: Lang, year: u16) -> String {
    match lang {
        Lang::It => format!("cronaca-{year}.txt"),
        Lang::En => format!("chronicle-{year}.txt"),
    }
}

fn chronicle_part(lang: Lang, year: u16, r: &Rendered) -> FilePart {
    FilePart {
        name: chronicle_file(lang, year),
        mime: "text/plain; charset=utf-8",
        bytes: r.text.clone().into_bytes(),
    }
}

/// Renders and composes the yearly messages when `p` is a winter; nothing otherwise.
/// The winter's resolution is in hand (not yet stored); the year's earlier phases are
/// read from `store`.
pub fn yearly_messages(
    store: &Store,
    campaign: &Campaign,
    p: &ResolvedPhase,
    m: &Mailing,
    now: &str,
) -> Result<Vec<OutMessage>> {
    if p.before.phase.phase != Phase::Winter {
        return Ok(Vec::new());
    }
    let y = p.before.phase.year;
    let record = year::year_record(store, y, Some((p.before, p.resolution)))?;
    let from = mailbox(&m.config.mail.from)?;
    let phase = Some(p.before.phase.key());
    let png = year::political_png(m.env, campaign, &record.end)?;
    let mut chronicles = BTreeMap::new();
    for lang in [Lang::It, Lang::En] {
        let view = year::chronicle_view(m.env, campaign, &record, lang);
        chronicles.insert(lang, year::chronicle_report(m.env, &view, "cid:map")?);
    }
    let mut out = Vec::new();
    for (club, view) in year::club_views(m.env, campaign, &record, &store.clubs()?) {
        let r = year::year_report(m.env, &view, "cid:map")?;
        let draft = Draft {
            kind: "yearly",
            phase: phase.clone(),
            nation: Some(club.nation.clone()),
            to_name: Some(club.name.clone()),
            to: club.emails.clone(),
            subject: format!("[{}] {}: {}", view.campaign, view.nation_name, view.title),
            text: r.text,
            html: Some(r.html),
            inline_png: Some(png.clone()),
            files: vec![chronicle_part(club.lang, y, &chronicles[&club.lang])],
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
                Lang::En,
                "subject-chronicle",
                game = campaign.title_it.as_str(),
                year = y.to_string()
            ),
            text: it.text.clone(),
            html: Some(it.html.clone()),
            inline_png: Some(png),
            files: vec![chronicle_part(Lang::En, y, &chronicles[&Lang::En])],
            salt: String::new(),
        };
        out.push(compose(&draft, &from, now)?);
    }
    Ok(out)
}
