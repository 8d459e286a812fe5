//! The messages a resolved phase sends: each club's report (text, HTML, its map as a
//! PNG inline, the cards of its pending battles, the public bulletin), and the
//! referee's report with the bulletin. Built before the phase is saved, and queued in
//! the same transaction.

use crate::battle::card::Card;
use crate::battle::ruleset::Ruleset;
use crate::error::Result;
use crate::mail::compose::{Draft, FilePart, compose, mailbox};
use crate::mail::config::Config;
use crate::report::club::{self, ClubReport};
use crate::report::year::YearData;
use crate::rules::resolve::Resolution;
use crate::rules::tables::Lang;
use crate::rules::visibility::PhaseFacts;
use crate::rules::{Campaign, NationCode, World};
use crate::scenario::clubs::Club;
use crate::storage::OutMessage;
use minijinja::Environment;
use std::collections::BTreeMap;

pub(crate) mod battles;
pub(crate) mod encounters;
pub(crate) mod notice;
pub(crate) mod remind;
pub(crate) mod ruling;
pub(crate) mod welcome;
pub(crate) mod yearly;

/// What the shell gives the engine to render and queue a phase's messages.
pub struct Mailing<'a> {
    pub env: &'a Environment<'static>,
    pub config: &'a Config,
    pub rulesets: &'a [Ruleset],
    /// The campaign definition as the referee edited it, file name → text: the clubs'
    /// view files carry it for their offline check.
    pub definition: &'a std::collections::BTreeMap<String, String>,
}

/// A plain-text message of `kind` to a club's addresses, with no picture and no file
/// (set `files`, `html` or `inline_png` on the result where a message has them): the
/// club's name, addresses and nation come to the transport as plain values.
pub fn club_draft(
    kind: &'static str,
    phase: &str,
    club: &Club,
    (subject, text): (String, String),
    salt: String,
) -> Draft {
    Draft {
        kind,
        phase: Some(phase.to_owned()),
        nation: Some(club.nation.clone()),
        to_name: Some(club.name.clone()),
        to: club.emails.clone(),
        subject,
        text,
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt,
    }
}

impl Mailing<'_> {
    /// The catalogue the templates speak with (the referee's overrides included).
    pub fn words(&self) -> crate::words::Words {
        crate::words::from_env(self.env)
    }
}

/// A resolved phase, as its messages need it.
pub struct ResolvedPhase<'a> {
    pub(crate) before: &'a World,
    pub(crate) resolution: &'a Resolution,
    pub(crate) facts: &'a PhaseFacts,
    /// How many dice were rolled.
    pub(crate) rolls: usize,
    /// The clubs, as registered.
    pub(crate) clubs: &'a [Club],
    /// The card of each battle pending after the phase, by id (`engine::paperwork`).
    pub(crate) cards: &'a BTreeMap<String, (Card, crate::battle::ruleset::Ruleset)>,
    /// After a winter, the year's record and chart history.
    pub(crate) year: Option<&'a YearData>,
}

/// Renders and composes every message of a resolved phase.
pub fn phase_messages(
    campaign: &Campaign,
    p: &ResolvedPhase,
    m: &Mailing,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let (before, resolution, facts) = (p.before, p.resolution, p.facts);
    let clubs = p.clubs;
    let from = mailbox(&m.config.mail.from)?;
    let phase = Some(before.phase.key());
    let reports =
        club::club_reports_unpictured(m.env, campaign, before, resolution, clubs, facts, &|_| {
            "cid:map".into()
        })?;
    // The maps and everything else of the reports (bulletins, order pages, sheets) are
    // written on every core together: each core takes the next map or the next club's
    // files as it is free (rayon), so that no core waits while the other has work; the
    // maps drawn on one core while the other wrote every page had it wait on the pages.
    let svgs = reports.iter().map(|r| r.rendered.svg.as_str()).collect();
    let (pngs, drafts) = rayon::join(
        || club::parallel_png(svgs),
        || -> Result<_> {
            use rayon::prelude::*;
            let mut bulletins = std::collections::BTreeMap::new();
            for lang in [Lang::It, Lang::En] {
                let view = club::public(m.env, campaign, before, resolution, lang, facts);
                bulletins.insert(lang, club::bulletin_text(m.env, &view)?);
            }
            let drafts = (reports.par_iter())
                .map(|r| report_draft(campaign, p, r, m, &bulletins[&r.club.lang]))
                .collect::<Result<Vec<_>>>()?;
            Ok((bulletins, drafts))
        },
    );
    let (pngs, drafts) = (pngs?, drafts?);
    let (bulletins, drafts) = drafts;
    // Composed on every core, in the clubs' order (each message depends on its draft
    // alone, so the bytes are the same for any number of threads).
    let mut out = {
        use rayon::prelude::*;
        let drafts: Vec<Draft> = drafts
            .into_iter()
            .zip(pngs)
            .zip(&reports)
            .map(|((draft, png), r)| Draft {
                inline_png: Some(map_picture(m.env, r.club.lang, png)),
                ..draft
            })
            .collect();
        drafts
            .par_iter()
            .map(|d| compose(d, &from, now))
            .collect::<Result<Vec<_>>>()?
    };
    // After the winter, the year's reports too (listed in the referee's report below).
    if let Some(year) = p.year {
        out.extend(yearly::yearly_messages(campaign, p, year, m, now)?);
    }
    // After the last winter, every club's final verdict (G8).
    if resolution.next.is_none() {
        out.extend(verdict_messages(
            campaign, before, resolution, clubs, m, now,
        )?);
    }
    if !m.config.mail.referee.is_empty() {
        let list = out
            .iter()
            .map(|o| {
                format!(
                    "{} → {} ({})",
                    o.kind,
                    o.recipients.join(", "),
                    o.message_id
                )
            })
            .collect();
        let view = club::referee_view(
            m.env,
            campaign,
            (before, resolution),
            facts,
            p.rolls,
            list,
            m.config.mail.referee_lang,
        );
        let text = club::referee(m.env, &view)?;
        // The bulletin in the referee's language, as the report beside it.
        let referee_lang = m.config.mail.referee_lang;
        let b = &bulletins[&referee_lang];
        let draft = Draft {
            kind: "referee",
            phase: phase.clone(),
            nation: None,
            to_name: None,
            to: m.config.mail.referee.clone(),
            subject: crate::t!(
                crate::words::from_env(m.env),
                m.config.mail.referee_lang,
                "subject-referee",
                game = match referee_lang {
                    Lang::It => campaign.title_it.as_str(),
                    Lang::En => campaign.title_en.as_str(),
                },
                phase = crate::words::phases::phase_name(
                    &crate::words::from_env(m.env),
                    &campaign.tables.calendar,
                    before.phase,
                    m.config.mail.referee_lang
                )
            ),
            text,
            html: None,
            inline_png: None,
            files: vec![FilePart {
                name: bulletin_file(referee_lang).into(),
                mime: "text/plain; charset=utf-8",
                bytes: b.clone().into_bytes(),
            }],
            salt: String::new(),
        };
        out.push(compose(&draft, &from, now)?);
    }
    Ok(out)
}

/// A club's report as a draft, its map not yet in: its text and HTML, its files (the
/// phase's, and the next phase's order files), with the note on how to open the order
/// page.
fn report_draft(
    campaign: &Campaign,
    p: &ResolvedPhase,
    r: &club::ClubReport,
    m: &Mailing,
    bulletin: &str,
) -> Result<Draft> {
    let (before, resolution, facts) = (p.before, p.resolution, p.facts);
    let after = resolution.next.as_ref().unwrap_or(before);
    let mut files = report_files(campaign, after, r, p.cards, m, bulletin)?;
    if resolution.next.is_some() {
        files.extend(next_orders_files(campaign, after, r, m, facts));
    }
    let (mut text, mut html) = (r.rendered.text.clone(), r.rendered.html.clone());
    // The order page, when attached: the mail says how to open it (found by its own
    // name: a battle card is attached as a page too).
    let page_name = crate::report::page::file_name(
        r.club.lang,
        &crate::rules::NationCode::from(r.club.nation.as_str()),
        &after.phase.key(),
    );
    if let Some(page) = files.iter().find(|f| f.name == page_name) {
        let words = crate::words::from_env(m.env);
        text.push_str(&crate::report::page::note(&words, r.club.lang, &page.name));
        html = crate::report::page::note_html(&html, &words, r.club.lang, &page.name);
    }
    Ok(Draft {
        kind: "report",
        phase: Some(before.phase.key()),
        nation: Some(r.club.nation.clone()),
        to_name: Some(r.club.name.clone()),
        to: r.club.emails.clone(),
        subject: format!(
            "[{}] {}: {}",
            r.view.campaign, r.view.nation_name, r.view.phase.name
        ),
        text,
        html: Some(html),
        // The map, once drawn.
        inline_png: None,
        files,
        salt: String::new(),
    })
}

/// The bulletin's file name in a language.
fn bulletin_file(lang: Lang) -> &'static str {
    match lang {
        Lang::It => "bollettino.txt",
        Lang::En => "bulletin.txt",
    }
}

/// The final verdict to every club in its language, and the referee's copy naming the
/// clubs told.
fn verdict_messages(
    campaign: &Campaign,
    before: &World,
    resolution: &Resolution,
    clubs: &[Club],
    m: &Mailing,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let words = crate::words::from_env(m.env);
    let end = resolution.next.as_ref().unwrap_or(before);
    let verdict = crate::rules::victory::standings(campaign, end);
    let year = before.phase.year;
    let from = mailbox(&m.config.mail.from)?;
    let mut out = Vec::new();
    let mut told = Vec::new();
    for club in clubs.iter().filter(|c| before.is_club(&c.nation)) {
        let (subject, text) =
            crate::report::verdict::render(&words, club.lang, campaign, &verdict, year);
        let draft = club_draft(
            "verdict",
            &before.phase.key(),
            club,
            (subject, text),
            String::new(),
        );
        out.push(compose(&draft, &from, now)?);
        told.push(format!("{} <{}>", club.nation, club.emails.join(", ")));
    }
    if !m.config.mail.referee.is_empty() {
        let (subject, mut text) = crate::report::verdict::render(
            &words,
            m.config.mail.referee_lang,
            campaign,
            &verdict,
            year,
        );
        text.push('\n');
        text.push_str(&crate::t!(
            words,
            m.config.mail.referee_lang,
            "verdict-referee",
            clubs = told.join("; ")
        ));
        text.push('\n');
        let draft = Draft {
            kind: "verdict",
            phase: Some(before.phase.key()),
            nation: None,
            to_name: None,
            to: m.config.mail.referee.clone(),
            subject,
            text,
            html: None,
            inline_png: None,
            files: Vec::new(),
            salt: String::new(),
        };
        out.push(compose(&draft, &from, now)?);
    }
    Ok(out)
}

/// The files for the club's next orders: the pre-filled order sheet and the order page
/// that carries the club's view, or the view file when the referee turned the page off
/// for the club.
fn next_orders_files(
    campaign: &Campaign,
    after: &World,
    r: &ClubReport,
    m: &Mailing,
    facts: &PhaseFacts,
) -> Vec<FilePart> {
    let nation = NationCode(r.club.nation.clone());
    let words = crate::words::from_env(m.env);
    // Projected and judged once for the sheet, the view file and the page.
    let mut own = crate::report::sheet::OwnWorld::of(campaign, after, &nation);
    own.in_disorder = facts.disorder.contains(&nation);
    // The winter takes no orders: no page to click them on (a play-test's report before
    // the winter said "the winter takes none" and invited the club to click its orders).
    let page = m.config.mail.order_page(&r.club.nation) && !after.phase.key().ends_with("-winter");
    let mut files = crate::report::sheet::own_attachments(
        &words,
        campaign,
        &own,
        &nation,
        r.club.lang,
        facts.deadline.as_deref(),
        m.definition,
        page,
    );
    if page {
        let input = crate::report::page::PageInput {
            campaign,
            world: after,
            nation: &nation,
            lang: r.club.lang,
            deadline: facts.deadline.as_deref(),
            map_svg: &r.rendered.svg,
            orders_to: &m.config.mail.orders_address(),
        };
        crate::report::page::with_view(&words, &input, &own, &mut files);
    }
    file_parts(files)
}

/// A report's attachments as a mail's file parts.
pub(crate) fn file_parts(files: Vec<crate::report::sheet::Attachment>) -> Vec<FilePart> {
    files
        .into_iter()
        .map(|a| FilePart {
            name: a.name,
            mime: a.mime,
            bytes: a.bytes,
        })
        .collect()
}

/// A report's attachments: the cards of the club's pending battles (text and HTML), in
/// the club's language and written for its side, and the bulletin.
fn report_files(
    campaign: &Campaign,
    after: &World,
    r: &ClubReport,
    cards: &BTreeMap<String, (Card, crate::battle::ruleset::Ruleset)>,
    m: &Mailing,
    bulletin: &str,
) -> Result<Vec<FilePart>> {
    let mut files = Vec::new();
    for b in after.battles.iter().filter(|b| {
        b.attacker.nation.as_str() == r.club.nation || b.defender.nation.as_str() == r.club.nation
    }) {
        let Some((card, rs)) = cards.get(&b.id) else {
            continue;
        };
        let view = crate::report::card::CardFor::new(
            card,
            r.club.lang,
            Some(&r.club.nation),
            Some(campaign),
        );
        files.push(FilePart {
            name: format!("{}.txt", b.id),
            mime: "text/plain; charset=utf-8",
            bytes: crate::report::card::text(m.env, card, rs, &view, false)?.into_bytes(),
        });
        // The same card as a page, for a table that prints it or reads it on a phone.
        files.push(FilePart {
            name: format!("{}.html", b.id),
            mime: "text/html; charset=utf-8",
            bytes: crate::report::card::text(m.env, card, rs, &view, true)?.into_bytes(),
        });
    }
    files.push(FilePart {
        name: bulletin_file(r.club.lang).into(),
        mime: "text/plain; charset=utf-8",
        bytes: bulletin.as_bytes().to_vec(),
    });
    Ok(files)
}

/// The map picture a club's mail shows, named in the club's language.
pub(crate) fn map_picture(
    env: &minijinja::Environment<'static>,
    lang: Lang,
    png: Vec<u8>,
) -> crate::mail::compose::InlinePng {
    crate::mail::compose::InlinePng {
        name: crate::words::from_env(env).plain(lang, "map_file"),
        png,
    }
}
