//! Short notices to clubs (a changed deadline, the correction after an undo): one
//! plain-text message per club, in its language, its words from the catalogue.

use crate::error::Result;
use crate::mail::compose::{compose, mailbox};
use crate::mail::config::Config;
use crate::rules::tables::Lang;
use crate::rules::{Campaign, PhaseId};
use crate::storage::{Club, OutMessage};
use crate::words::Words;

/// What one kind of notice says, given the catalogue, the club's language and the
/// phase's name in it: the subject and the text.
pub(crate) type Say<'a> = dyn Fn(&Words, Lang, &str) -> (String, String) + 'a;

/// The notice of `kind` about `phase` to each club; `salt` tells apart notices whose
/// words repeat (the same deadline set twice is one message, two undos are two).
pub(crate) struct Notice<'a> {
    pub(crate) kind: &'static str,
    pub(crate) phase: PhaseId,
    pub(crate) salt: String,
    pub(crate) say: &'a Say<'a>,
}

/// Composes a notice for each club.
pub(crate) fn to_clubs(
    campaign: &Campaign,
    config: &Config,
    clubs: &[&Club],
    n: &Notice,
    words: &Words,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let from = mailbox(&config.mail.from)?;
    let mut msgs = Vec::new();
    for club in clubs.iter().filter(|c| !c.emails.is_empty()) {
        let phase =
            crate::words::phases::phase_name(words, &campaign.tables.calendar, n.phase, club.lang);
        let (subject, text) = (n.say)(words, club.lang, &phase);
        let draft = super::club_draft(
            n.kind,
            &n.phase.key(),
            club,
            (subject, format!("{text}\n")),
            n.salt.clone(),
        );
        msgs.push(compose(&draft, &from, now)?);
    }
    Ok(msgs)
}
