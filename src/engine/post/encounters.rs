//! Contact-exchange mode by mail (G3c.3): when the round stops at an encounter, each
//! club asked gets one message in its language with what it may know of the encounter
//! and a reply file filled in with its standing choice.

use crate::engine::exchange::AskedStep;
use crate::error::Result;
use crate::mail::compose::{Draft, FilePart, compose, mailbox};
use crate::mail::config::Config;
use crate::report::asked::{self, Ask};
use crate::rules::visibility::asked_for;
use crate::rules::{Campaign, NationCode};
use crate::storage::{OutMessage, Store};
use crate::words::Words;

/// The message to each club asked in the encounter.
pub(crate) fn ask(
    store: &Store,
    campaign: &Campaign,
    config: &Config,
    step: &AskedStep,
    words: &Words,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let from = mailbox(&config.mail.from)?;
    let tz = crate::engine::deadline::zone(&campaign.time_zone)?;
    let deadline = step
        .deadline
        .as_deref()
        .map(|d| crate::engine::deadline::display(d, tz));
    let phase = store.current()?.id;
    let key = phase.key();
    let mut out = Vec::new();
    for club in store.clubs()? {
        let nation = NationCode(club.nation.clone());
        let asked = step.asked.side_of(&nation).is_some_and(|s| s.asked);
        let Some(view) = asked_for(&step.asked, &nation).filter(|_| asked) else {
            continue;
        };
        if club.emails.is_empty() {
            continue;
        }
        let phase_name =
            crate::words::phases::phase_name(words, &campaign.tables.calendar, phase, club.lang);
        let a = Ask {
            campaign,
            view: &view,
            nation: &nation,
            phase_key: &key,
            phase_name: &phase_name,
            deadline: deadline.as_deref(),
            lang: club.lang,
        };
        let draft = Draft {
            files: vec![FilePart {
                name: asked::file_name(&a),
                mime: "text/plain; charset=utf-8",
                bytes: asked::reply_file(words, &a).into_bytes(),
            }],
            ..super::club_draft(
                "encounter",
                &key,
                &club,
                asked::text(words, &a),
                format!("{} {now}", step.asked.id),
            )
        };
        out.push(compose(&draft, &from, now)?);
    }
    Ok(out)
}
