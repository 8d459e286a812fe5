//! The reveal, after the final verdict (G8): gathered from storage (every phase's world,
//! the orders each club gave as received, the dice log with each die's purpose), rendered
//! by `report::reveal`, queued as the reveal mail to every club and the referee (the
//! season's film attached), and added to the public site. `giglio resolve` and `giglio
//! run` queue it after the last winter; `giglio reveal` does it for a campaign that ended
//! before this version. Queued once: a campaign whose outbox holds a reveal is not sent
//! another.

use crate::error::{Error, Result};
use crate::mail::compose::{Draft, FilePart, compose, mailbox};
use crate::report::reveal::{self, Die, GivenOrders, RevealPhase};
use crate::report::site::{SiteFile, SitePhase};
use crate::rules::Campaign;
use crate::rules::tables::Lang;
use crate::storage::Store;
use minijinja::Environment;

/// The outbox kind of the reveal mail.
pub const KIND: &str = "reveal";

/// What queuing the reveal did.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub struct Revealed {
    /// Messages queued now (0 when the reveal had been queued before).
    pub queued: usize,
    /// The reveal had been queued before: nothing was queued again.
    pub already: bool,
    /// The film: its frames (one a phase) and size; 0 bytes when too large to mail (it
    /// is then on the site only).
    pub frames: usize,
    pub film_bytes: usize,
    /// Who the reveal goes to: each club's nation, and `referee`.
    pub to: Vec<String>,
}

/// Whether the campaign is over: its last phase, the last winter, is resolved.
pub fn over(store: &Store) -> Result<bool> {
    Ok(store
        .phase_list()?
        .last()
        .is_some_and(|(_, resolved_at)| resolved_at.is_some()))
}

/// Every resolved phase with the orders its clubs gave and its dice.
pub fn phases(store: &Store, site: &[SitePhase]) -> Result<Vec<RevealPhase>> {
    let clubs = store.clubs()?;
    // G5.3: every letter the campaign keeps, but those undo took back before they went.
    let letters: Vec<crate::storage::LetterRow> = store
        .letters()?
        .into_iter()
        .filter(|l| l.withdrawn_at.is_none())
        .collect();
    let mut out = Vec::new();
    for p in site {
        let key = p.before.phase.key();
        let orders = store
            .orders(&key, true)?
            .into_iter()
            .map(|o| GivenOrders {
                name: clubs
                    .iter()
                    .find(|c| c.nation == o.nation)
                    .map_or_else(|| o.nation.clone(), |c| c.name.clone()),
                nation: o.nation,
                text: o.text,
            })
            .collect();
        // Numbered through the whole phase, as `giglio log --dice` numbers them.
        let dice = store
            .dice_log(Some(&key))?
            .into_iter()
            .map(|d| Die {
                seq: d.roll.seq,
                purpose: d.roll.purpose.to_string(),
                sides: d.roll.sides,
                value: d.roll.value,
            })
            .collect();
        let letters = letters
            .iter()
            .filter(|l| l.phase == key)
            .map(|l| crate::report::reveal::SentLetter {
                from: l.sender.clone(),
                to: l.recipients.clone(),
                anonymous: l.anonymous,
                text: l.text.clone(),
            })
            .collect();
        out.push(RevealPhase {
            key,
            after: p.after().clone(),
            orders,
            letters,
            dice,
        });
    }
    Ok(out)
}

/// The film of the season.
fn film(campaign: &Campaign, phases: &[RevealPhase], env: &Environment) -> Result<String> {
    let worlds: Vec<&crate::rules::World> = phases.iter().map(|p| &p.after).collect();
    reveal::film(campaign, &worlds, env)
}

/// The reveal's files on the public site, once the campaign is over; none before.
pub fn site_files(
    store: &Store,
    campaign: &Campaign,
    env: &Environment,
    site: &[SitePhase],
) -> Result<Vec<SiteFile>> {
    let Some(last) = site.last().filter(|p| p.resolution.next.is_none()) else {
        return Ok(Vec::new());
    };
    let phases = phases(store, site)?;
    // On the site whatever its size; by mail only within the limit.
    let film = film(campaign, &phases, env)?;
    let verdict = crate::rules::victory::standings(campaign, last.after());
    reveal::pages(
        env,
        campaign,
        &phases,
        &verdict,
        last.before.phase.year,
        Some(&film),
    )
}

/// Queues the reveal mail to every club (in its language) and the referee, once the
/// campaign is over; a campaign whose reveal was queued before gets none again.
pub fn queue(
    store: &mut Store,
    campaign: &Campaign,
    m: &super::post::Mailing,
    now: &str,
    command: &str,
) -> Result<Revealed> {
    if !over(store)? {
        return Err(Error::user(
            "the campaign is not over: the reveal comes after the last winter's verdict",
        ));
    }
    let site = super::site::phases(store, campaign)?;
    let phases = phases(store, &site)?;
    // A film heavier than a mail may carry stays on the site.
    let film = Some(film(campaign, &phases, m.env)?).filter(|f| f.len() <= reveal::FILM_MAX_BYTES);
    let mut to: Vec<String> = Vec::new();
    let clubs = store.clubs()?;
    let with_mail: Vec<_> = clubs.iter().filter(|c| !c.emails.is_empty()).collect();
    to.extend(with_mail.iter().map(|c| c.nation.clone()));
    if !m.config.mail.referee.is_empty() {
        to.push("referee".into());
    }
    let frames = phases.len();
    let film_bytes = film.as_ref().map_or(0, String::len);
    if store.outbox(None)?.iter().any(|r| r.kind == KIND) {
        return Ok(Revealed {
            queued: 0,
            already: true,
            frames,
            film_bytes,
            to,
        });
    }
    let Some(last) = site.last() else {
        return Err(Error::user("the campaign has no phase resolved"));
    };
    let words = m.words();
    let verdict = crate::rules::victory::standings(campaign, last.after());
    let year = last.before.phase.year;
    let from = mailbox(&m.config.mail.from)?;
    let key = last.before.phase.key();
    let draft = |lang: Lang| -> Draft {
        let record = match lang {
            Lang::It => "rivelazione.txt",
            Lang::En => "reveal.txt",
        };
        let film_name = match lang {
            Lang::It => "film-della-stagione.svg",
            Lang::En => "season-film.svg",
        };
        let verdict_text = crate::report::verdict::render(&words, lang, campaign, &verdict, year).1;
        let mut text = crate::t!(
            words,
            lang,
            "reveal-mail",
            campaign = campaign.title_it.as_str(),
            verdict = verdict_text,
            film = film_name,
            record = record
        );
        text.push('\n');
        let mut files = vec![FilePart {
            name: record.into(),
            mime: "text/plain; charset=utf-8",
            bytes: reveal::text(&words, lang, &phases).into_bytes(),
        }];
        match &film {
            Some(svg) => files.push(FilePart {
                name: film_name.into(),
                mime: "image/svg+xml",
                bytes: svg.clone().into_bytes(),
            }),
            None => {
                text.push_str(&words.plain(lang, "reveal-mail-no-film"));
                text.push('\n');
            }
        }
        Draft {
            kind: KIND,
            phase: Some(key.clone()),
            nation: None,
            to_name: None,
            to: Vec::new(),
            subject: format!(
                "[{}] {}",
                campaign.title_it,
                words.plain(lang, "reveal-subject")
            ),
            text,
            html: None,
            inline_png: None,
            files,
            salt: String::new(),
        }
    };
    let mut out = Vec::new();
    for c in &with_mail {
        let d = Draft {
            nation: Some(c.nation.clone()),
            to_name: Some(c.name.clone()),
            to: c.emails.clone(),
            ..draft(c.lang)
        };
        out.push(compose(&d, &from, now)?);
    }
    if !m.config.mail.referee.is_empty() {
        let d = Draft {
            to: m.config.mail.referee.clone(),
            ..draft(m.config.mail.referee_lang)
        };
        out.push(compose(&d, &from, now)?);
    }
    let queued = store.queue_noted(&out, now, command, &|n| {
        format!("the reveal queued to {n} recipients")
    })?;
    Ok(Revealed {
        queued,
        already: false,
        frames,
        film_bytes,
        to,
    })
}
