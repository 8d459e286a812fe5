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

/// A phase's deadline moved: to when (stored, RFC 3339), in which zone clubs read it,
/// why (the catalogue key of the sentence: `desk-deadline-text` when the referee set
/// it, `desk-deadline-outage-text` after an outage of the service,
/// `desk-deadline-resume-text` after a hold), and by how much where that is known.
#[derive(Clone, Copy)]
pub(crate) struct Moved<'a> {
    pub(crate) at: &'a str,
    pub(crate) tz: chrono_tz::Tz,
    pub(crate) why: &'static str,
    /// By how long, in minutes (worded in each club's language).
    pub(crate) minutes: i64,
}

/// The notice of a phase's new deadline to every club still playing, each in its
/// language. The same deadline told twice for the same reason is one message.
#[allow(clippy::too_many_arguments)]
pub(crate) fn deadline(
    campaign: &Campaign,
    config: &Config,
    clubs: &[Club],
    world: &crate::rules::World,
    phase: PhaseId,
    moved: Moved,
    words: &Words,
    now: &str,
) -> Result<Vec<OutMessage>> {
    // The referee's own deadlines keep the Message-IDs of earlier versions.
    let salt = if moved.why == "desk-deadline-text" {
        moved.at.to_owned()
    } else {
        format!("{} {}", moved.why, moved.at)
    };
    let notice = ("deadline", moved.why, salt);
    moved_notice(
        campaign,
        config,
        clubs,
        world,
        (phase, moved),
        notice,
        words,
        now,
    )
}

/// After an outage, the notice of the moved deadline to the clubs whose orders are
/// `missing` says so and stands for the reminder the same pass would send (a
/// play-test's club got both in one pass): a reminder in kind, so the reminder of this
/// offset counts it as sent. The other clubs get [`deadline`]'s notice.
#[allow(clippy::too_many_arguments)]
pub(crate) fn deadline_after_outage(
    campaign: &Campaign,
    config: &Config,
    clubs: &[Club],
    world: &crate::rules::World,
    phase: PhaseId,
    moved: Moved,
    missing: &[crate::rules::NationCode],
    words: &Words,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let (owing, done): (Vec<Club>, Vec<Club>) = clubs
        .iter()
        .cloned()
        .partition(|c| missing.iter().any(|n| n.as_str() == c.nation));
    let mut out = deadline(campaign, config, &done, world, phase, moved, words, now)?;
    let why = "desk-deadline-outage-missing-text";
    let notice = ("reminder", why, format!("{why} {}", moved.at));
    out.extend(moved_notice(
        campaign,
        config,
        &owing,
        world,
        (phase, moved),
        notice,
        words,
        now,
    )?);
    Ok(out)
}

/// A moved deadline told to each of `clubs` still playing (a club that left, its nation
/// neutral, G0, is told no more deadlines): the notice's kind, its sentence's key and
/// its Message-ID's salt.
#[allow(clippy::too_many_arguments)]
fn moved_notice(
    campaign: &Campaign,
    config: &Config,
    clubs: &[Club],
    world: &crate::rules::World,
    (phase, moved): (PhaseId, Moved),
    (kind, why, salt): (&'static str, &'static str, String),
    words: &Words,
    now: &str,
) -> Result<Vec<OutMessage>> {
    let due = crate::engine::deadline::display(moved.at, moved.tz);
    // The game's name is the same in every language.
    let title = campaign.title_it.as_str();
    let say = |w: &Words, lang: Lang, name: &str| {
        (
            crate::t!(
                w,
                lang,
                "desk-deadline-subject",
                campaign = title,
                phase = name
            ),
            crate::t!(
                w,
                lang,
                why,
                phase = name,
                due = due.as_str(),
                span = crate::words::span(w, lang, moved.minutes)
            ),
        )
    };
    let playing: Vec<&Club> = clubs.iter().filter(|c| world.is_club(&c.nation)).collect();
    let notice = Notice {
        kind,
        phase,
        salt,
        say: &say,
    };
    to_clubs(campaign, config, &playing, &notice, words, now)
}

/// A message's words by catalogue key, with their arguments.
pub(crate) struct Said<'a> {
    pub(crate) subject: &'static str,
    pub(crate) text: &'static str,
    pub(crate) args: &'a [(&'a str, &'a str)],
}

/// A plain message of `kind` to the referee's addresses, or `None` when `giglio.toml`
/// names none.
#[allow(clippy::too_many_arguments)]
pub(crate) fn to_referee(
    campaign: &Campaign,
    config: &Config,
    words: &Words,
    kind: &'static str,
    phase: &str,
    said: Said,
    now: &str,
) -> Result<Option<OutMessage>> {
    if config.mail.referee.is_empty() {
        return Ok(None);
    }
    let mut args = crate::words::Args::new();
    for (k, v) in said.args {
        // A count is a number, so a message can choose its plural ("1 entry").
        match (*k, v.parse::<i64>()) {
            ("count", Ok(n)) => args.set(*k, n),
            _ => args.set(*k, crate::words::arg(*v)),
        }
    }
    let subject = format!(
        "[{}] {}",
        campaign.title_en,
        words.get(config.mail.referee_lang, said.subject, &args)
    );
    let text = words.get(config.mail.referee_lang, said.text, &args) + "\n";
    let draft = referee_draft(kind, phase, config, subject, text, String::new());
    compose(&draft, &mailbox(&config.mail.from)?, now).map(Some)
}

/// The referee's preview of a phase (`[run] resolve = "preview"`): what resolving it
/// would send, each message attached as it would go, or `None` with no referee address.
pub(crate) fn preview(
    campaign: &Campaign,
    config: &Config,
    words: &Words,
    phase: &str,
    msgs: &[OutMessage],
    salt: &str,
    now: &str,
) -> Result<Option<OutMessage>> {
    if config.mail.referee.is_empty() {
        return Ok(None);
    }
    let (count, lang) = (msgs.len() as i64, config.mail.referee_lang);
    let subject = format!(
        "[{}] {}",
        campaign.title_en,
        crate::t!(words, lang, "run-preview-subject", phase = phase)
    );
    let text = crate::t!(
        words,
        lang,
        "run-preview-text",
        phase = phase,
        count = count
    ) + "\n";
    let mut draft = referee_draft("preview", phase, config, subject, text, salt.to_owned());
    let mut names = std::collections::BTreeSet::new();
    for m in msgs {
        let who = m.nation.as_deref().unwrap_or("referee");
        let mut name = format!("{}-{who}.eml", m.kind);
        let mut n = 1;
        while !names.insert(name.clone()) {
            n += 1;
            name = format!("{}-{who}-{n}.eml", m.kind);
        }
        draft.files.push(crate::mail::compose::FilePart {
            name,
            mime: "message/rfc822",
            bytes: m.raw.clone(),
        });
    }
    compose(&draft, &mailbox(&config.mail.from)?, now).map(Some)
}

fn referee_draft(
    kind: &'static str,
    phase: &str,
    config: &Config,
    subject: String,
    text: String,
    salt: String,
) -> crate::mail::compose::Draft {
    crate::mail::compose::Draft {
        kind,
        phase: Some(phase.to_owned()),
        nation: None,
        to_name: None,
        to: config.mail.referee.clone(),
        subject,
        text,
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt,
    }
}
