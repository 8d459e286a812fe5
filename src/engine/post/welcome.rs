//! The welcome message: composed for each club when the campaign is created (or sent
//! again by `giglio welcome`), to its registered addresses only, with its order sheet,
//! its view file, its map and the rulebook. A welcome that carries the club's secret is
//! queued with a redacted copy, which replaces it once delivered (storage keeps the
//! SHA-256 of the bytes sent), so the secret is stored only until it has gone out.

use crate::error::Result;
use crate::mail::compose::{Draft, FilePart, compose, mailbox};
use crate::mail::config::Config;
use crate::report::welcome::{Secret, WelcomeInput};
use crate::report::{png, sheet};
use crate::rules::resolve::Resolution;
use crate::rules::visibility::{ClubName, PhaseFacts, club_view, club_world};
use crate::rules::{Campaign, NationCode, World};
use crate::storage::{Club, OutMessage};
use std::collections::BTreeMap;

/// What every welcome of a campaign shares.
pub(crate) struct Welcome<'a> {
    pub(crate) env: &'a minijinja::Environment<'static>,
    pub(crate) config: &'a Config,
    pub(crate) campaign: &'a Campaign,
    /// The open phase's world (the referee's: each club's is projected from it).
    pub(crate) world: &'a World,
    pub(crate) definition: &'a BTreeMap<String, String>,
    /// The first deadline, as written to clubs.
    pub(crate) deadline: Option<&'a str>,
    pub(crate) now: &'a str,
}

/// What stands in the stored copy where the secret was.
const REDACTED: &str = "XXXX-XXXX-XXXX-XXXX-XXXX";

/// Composes the welcome of one club; `secret` is the club's, when the referee sends it
/// by mail (`None`: handed over another way, or a welcome sent again with `kept`), and
/// `rotated` when it replaces one the club may have had (`club secret --rotate`).
pub(crate) fn message(
    w: &Welcome,
    club: &Club,
    secret: Option<&str>,
    kept: bool,
    rotated: bool,
) -> Result<OutMessage> {
    let nation = NationCode(club.nation.clone());
    let lang = club.lang;
    let words = crate::words::from_env(w.env);
    let key = w.world.phase.key();
    let sheet_name = sheet::file_name(lang, &nation, &key);
    let page_on = w.config.mail.order_page(&club.nation);
    // The file the check reads: the order page, which carries the view, or the view file.
    let view_name = if page_on {
        crate::report::page::file_name(lang, &nation, &key)
    } else {
        sheet::view_file_name(lang, &nation, &key)
    };
    let map_name = match lang {
        crate::rules::tables::Lang::It => format!("mappa-{nation}.png"),
        crate::rules::tables::Lang::En => format!("map-{nation}.png"),
    };
    let (rulebook_name, guide_name) = match lang {
        crate::rules::tables::Lang::It => ("regolamento.md", "guida-del-club.md"),
        crate::rules::tables::Lang::En => ("rulebook.md", "club-guide.md"),
    };
    let own = club_world(w.world, &nation);
    let orders_address = w.config.mail.orders_address();
    let text_of = |secret: Secret<'_>| {
        crate::report::welcome::render(
            &words,
            &WelcomeInput {
                campaign: w.campaign,
                world: &own,
                nation: &nation,
                club_name: &club.name,
                lang,
                secret,
                deadline: w.deadline,
                orders_address: &orders_address,
                sheet: &sheet_name,
                view: &view_name,
                map: &map_name,
                rulebook: Some(rulebook_name),
                guide: Some(guide_name),
            },
        )
    };
    let map_svg = map_svg(w, club, &nation)?;
    // Projected and judged once for the sheet, the view file and the page.
    let own = sheet::OwnWorld::of(w.campaign, w.world, &nation);
    let mut attached = sheet::own_attachments(
        &words,
        w.campaign,
        &own,
        &nation,
        lang,
        w.deadline,
        w.definition,
        page_on,
    );
    if page_on {
        let input = crate::report::page::PageInput {
            campaign: w.campaign,
            world: w.world,
            nation: &nation,
            lang,
            deadline: w.deadline,
            map_svg: &map_svg,
            orders_to: &w.config.mail.orders_address(),
        };
        crate::report::page::with_view(&words, &input, &own, &mut attached);
    }
    let mut files: Vec<FilePart> = attached
        .into_iter()
        .map(|a| FilePart {
            name: a.name,
            mime: a.mime,
            bytes: a.bytes,
        })
        .collect();
    files.push(FilePart {
        name: rulebook_name.to_owned(),
        mime: "text/markdown; charset=utf-8",
        bytes: crate::rulebook::full(lang).as_bytes().to_vec(),
    });
    files.push(FilePart {
        name: guide_name.to_owned(),
        mime: "text/markdown; charset=utf-8",
        bytes: crate::rulebook::club_guide(lang).as_bytes().to_vec(),
    });
    files.push(FilePart {
        name: map_name.clone(),
        mime: "image/png",
        bytes: png::map_to_png(&map_svg)?,
    });
    let draft = |secret: Secret<'_>| {
        let (subject, mut text) = text_of(secret);
        if let Some(page) = files.iter().find(|f| f.name.ends_with(".html")) {
            text.push_str(&crate::report::page::note_listed(&words, lang, &page.name));
        }
        Draft {
            files: files.clone(),
            ..super::club_draft("welcome", &key, club, (subject, text), String::new())
        }
    };
    let from = mailbox(&w.config.mail.from)?;
    let chosen = match (secret, kept) {
        (Some(s), _) if rotated => Secret::Renewed(s),
        (Some(s), _) => Secret::Mailed(s),
        (None, true) => Secret::Kept,
        (None, false) => Secret::ByHand,
    };
    let mut out = compose(&draft(chosen), &from, w.now)?;
    if secret.is_some() {
        // The stored copy: the same message with the secret blanked, under the same
        // Message-ID, so the record still names the message that was sent.
        let blank = if rotated {
            Secret::Renewed(REDACTED)
        } else {
            Secret::Mailed(REDACTED)
        };
        let copy = compose(&draft(blank), &from, w.now)?;
        let raw = String::from_utf8_lossy(&copy.raw).replace(&copy.message_id, &out.message_id);
        out.redacted = Some(raw.into_bytes());
    }
    Ok(out)
}

/// The club's map as it stands at the opening of the phase.
fn map_svg(w: &Welcome, club: &Club, nation: &NationCode) -> Result<String> {
    club_map_svg(w.env, w.campaign, w.world, club, nation)
}

/// The club's map of the open phase `world` as its report draws it (nothing resolved
/// yet): for the mails sent while a phase is open (welcome, battle updates).
pub(super) fn club_map_svg(
    env: &minijinja::Environment,
    campaign: &Campaign,
    world: &World,
    club: &Club,
    nation: &NationCode,
) -> Result<String> {
    let none = Resolution {
        next: Some(world.clone()),
        outcomes: Vec::new(),
        events: Vec::new(),
        ledger: Default::default(),
    };
    let say = crate::words::explain::Explain::new(crate::words::from_env(env), campaign);
    let mut view = club_view(
        campaign,
        &say,
        world,
        &none,
        ClubName {
            nation,
            name: &club.name,
            lang: club.lang,
        },
        &PhaseFacts::default(),
    );
    // The position as the open phase stands, not "after" it: nothing of it is resolved
    // (a play-test's welcome map read "after spring 1494" before the spring was played).
    view.next_phase = None;
    crate::report::map::render_view(campaign, &view, env)
}

/// Composes the welcome of every club: with its secret where `secrets` has one.
pub(crate) fn messages(
    w: &Welcome,
    clubs: &[Club],
    secrets: &BTreeMap<String, String>,
    kept: bool,
) -> Result<Vec<OutMessage>> {
    clubs
        .iter()
        .filter(|c| w.world.is_club(&c.nation))
        .map(|c| {
            message(
                w,
                c,
                secrets.get(&c.nation).map(String::as_str),
                kept,
                false,
            )
        })
        .collect()
}
