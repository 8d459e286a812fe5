//! Letters by courier (G5.3, `letters_travel = "courier"`) in the shell: the letters read
//! while a phase was open set out at its resolution (an input of the phase, as its orders
//! are, so `audit` replays them), and the mail of the round a courier arrives carries its
//! letter to the addressee, and a copy, headed as intercepted, to each club whose spy
//! read it on the way. The writer is told of neither.

use crate::error::Result;
use crate::mail::compose::{Draft, compose_reply, mailbox};
use crate::rules::couriers::Courier;
use crate::rules::outcome::Happening;
use crate::rules::resolve::Resolution;
use crate::rules::tables::{Lang, LettersTravel};
use crate::rules::{Campaign, PhaseId, World};
use crate::storage::{Club, LetterRow, OutMessage, Store};
use crate::t;

/// The couriers of the letters read while phase `key` was open (one for each addressee
/// a club plays), in the order they were read; none where letters go with the mail.
pub(crate) fn posted(
    store: &Store,
    campaign: &Campaign,
    world: &World,
    key: &str,
) -> Result<Vec<Courier>> {
    if campaign.tables.rulings.letters_travel != LettersTravel::Courier {
        return Ok(Vec::new());
    }
    Ok(store
        .letters()?
        .into_iter()
        .filter(|l| l.phase == key && l.withdrawn_at.is_none())
        .flat_map(|l| {
            l.recipients
                .iter()
                .filter(|to| world.clubs.iter().any(|c| c.as_str() == to.as_str()))
                .map(|to| Courier::posted(l.id, &l.sender, to))
                .collect::<Vec<_>>()
        })
        .collect())
}

/// The world a phase resolves from: its own, with the couriers of the letters read while
/// it was open set on the road behind those already on it.
pub(crate) fn with_posted(
    store: &Store,
    campaign: &Campaign,
    world: &World,
    key: &str,
) -> Result<World> {
    let posted = posted(store, campaign, world, key)?;
    if posted.is_empty() {
        return Ok(world.clone());
    }
    let mut w = world.clone();
    w.couriers.extend(posted);
    Ok(w)
}

/// What the words of a courier's mail need.
pub(crate) struct Post<'a> {
    pub(crate) campaign: &'a Campaign,
    pub(crate) words: &'a crate::words::Words,
    pub(crate) config: &'a crate::mail::config::Config,
    pub(crate) now: &'a str,
}

/// A copy of a letter to record with the message that carries it: the letter, the club
/// it goes to, its Message-ID.
pub(crate) type Copy = (i64, Option<String>, String);

/// The mail of a resolution's couriers: each letter arrived goes to its addressee, each
/// letter read on the way to the spy's club; with the copies to record.
pub(crate) fn mail(
    store: &Store,
    post: &Post,
    phase: &str,
    resolution: &Resolution,
) -> Result<(Vec<OutMessage>, Vec<Copy>)> {
    let (mut messages, mut copies) = (Vec::new(), Vec::new());
    let happenings: Vec<&Happening> = resolution.events.iter().map(|e| &e.what).collect();
    if !happenings.iter().any(|h| {
        matches!(
            h,
            Happening::CourierArrived { .. } | Happening::LetterIntercepted { .. }
        )
    }) {
        return Ok((messages, copies));
    }
    let letters = store.letters()?;
    let clubs = store.clubs()?;
    for h in happenings {
        let (letter, club, intercepted) = match h {
            Happening::CourierArrived { letter, to, .. } => (*letter, to, false),
            Happening::LetterIntercepted { letter, by, .. } => (*letter, by, true),
            _ => continue,
        };
        let Some(l) = letters.iter().find(|l| l.id == letter) else {
            continue;
        };
        let Some(club) = clubs
            .iter()
            .find(|k| k.nation == club.as_str())
            .filter(|k| !k.emails.is_empty())
        else {
            continue;
        };
        let msg = compose(post, club, l, phase, intercepted)?;
        copies.push((letter, Some(club.nation.clone()), msg.message_id.clone()));
        messages.push(msg);
    }
    Ok((messages, copies))
}

/// The letter as `club` reads it, in its language: as its addressee, or as the spy's
/// club that intercepted it.
fn compose(
    post: &Post,
    club: &Club,
    l: &LetterRow,
    phase: &str,
    intercepted: bool,
) -> Result<OutMessage> {
    let (c, w, lang) = (post.campaign, post.words, club.lang);
    let from = if l.anonymous {
        w.plain(lang, "letter-unsigned")
    } else {
        let nation = c.nation_name(&l.sender, lang);
        t!(w, lang, "letter-from", nation = nation)
    };
    let to = l
        .recipients
        .iter()
        .map(|n| c.nation_name(n, lang))
        .collect::<Vec<_>>()
        .join(", ");
    let written = PhaseId::parse_key(&l.phase).map_or_else(
        || l.phase.clone(),
        |p| crate::words::phases::phase_name(w, &c.tables.calendar, p, lang),
    );
    let key = if intercepted {
        "letter-intercepted-head"
    } else {
        "letter-head"
    };
    let head = t!(
        w,
        lang,
        key,
        from = from.as_str(),
        to = to.as_str(),
        phase = written
    );
    let title = match lang {
        Lang::It => &c.title_it,
        Lang::En => &c.title_en,
    };
    let subject = if intercepted {
        t!(w, lang, "letter-intercepted-subject", from = from.as_str())
    } else {
        from.clone()
    };
    let draft = Draft {
        kind: if intercepted {
            "letter-intercepted"
        } else {
            "letter"
        },
        phase: Some(phase.to_owned()),
        nation: Some(club.nation.clone()),
        to_name: Some(club.name.clone()),
        to: club.emails.clone(),
        subject: format!("[{title}] {subject}"),
        text: format!("{head}\n\n{}\n", l.text),
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt: format!("courier.{}.{}", l.id, club.nation),
    };
    compose_reply(&draft, &mailbox(&post.config.mail.from)?, post.now, &[])
}
