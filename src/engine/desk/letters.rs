//! Letters a club's file carries (G5.3): each one that may go is sent once, to the
//! registered addresses of each club it names, headed in that club's language with its
//! writer's nation (or "an unnamed sender"), and to the referee where the campaign keeps
//! a copy; a letter read before in the phase is not sent again; past the campaign's limit
//! per phase a letter is refused. What the writer's receipt says of each comes back too.

use super::Desk;
use crate::diag::Diagnostic;
use crate::error::Result;
use crate::mail::compose::{Draft, compose_reply, mailbox};
use crate::orders::letters::Letter;
use crate::rules::letters::Refusal;
use crate::rules::tables::Lang;
use crate::storage::{Club, NewLetter, OutMessage, Store};
use crate::t;

/// What a file's letters cause.
pub(crate) struct Taken {
    /// The receipt's lines about them, in the writer's language.
    pub(crate) lines: Vec<String>,
    pub(crate) letters: Vec<NewLetter>,
    /// Their copies, to queue.
    pub(crate) messages: Vec<OutMessage>,
}

/// The letter as it is read.
pub(crate) struct Carried<'a> {
    pub(crate) phase: &'a str,
    /// The masked file the letters were read from (for located refusals), and the name
    /// a refusal locates it by.
    pub(crate) masked: &'a str,
    pub(crate) file_name: &'a str,
    /// The writer's secret: every copy of it is masked in what goes out.
    pub(crate) secret: &'a str,
    /// The message that carried them (hex SHA-256), salting the copies' Message-IDs.
    pub(crate) hash: &'a str,
    pub(crate) written_at: &'a str,
}

/// Nation names in a language, joined.
fn names(desk: &Desk, codes: &[String], lang: Lang) -> String {
    codes
        .iter()
        .map(|n| desk.campaign.nation_name(n, lang))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who a letter is from, as its addressee reads it.
fn from_words(desk: &Desk, sender: &str, anonymous: bool, lang: Lang) -> String {
    if anonymous {
        return desk.words.plain(lang, "letter-unsigned");
    }
    let nation = desk.campaign.nation_name(sender, lang);
    t!(desk.words, lang, "letter-from", nation = nation)
}

/// Takes the file's letters: those that go, those read before, those past the limit.
pub(crate) fn take(
    store: &Store,
    desk: &Desk,
    clubs: &[Club],
    writer: &Club,
    letters: &[Letter],
    c: &Carried,
) -> Result<Taken> {
    let (w, lang) = (desk.words, writer.lang);
    let mut taken = Taken {
        lines: Vec::new(),
        letters: Vec::new(),
        messages: Vec::new(),
    };
    let max = desk.campaign.tables.rulings.letters_per_phase;
    let mut count = store.letters_count(c.phase, &writer.nation)?;
    for l in letters {
        let to = names(desk, &l.addressees(), lang);
        let text = crate::auth::mask_copies(&l.text, c.secret);
        let seal = Letter {
            text: text.clone(),
            ..l.clone()
        }
        .seal();
        let again = store.letter_sent(c.phase, &writer.nation, &seal)?.is_some()
            || taken.letters.iter().any(|n| n.seal == seal);
        if again {
            taken
                .lines
                .push(t!(w, lang, "receipt-letter-again", to = to.as_str()));
            continue;
        }
        if max > 0 && count >= max as usize {
            let why = crate::submission::letter_refusal(
                w,
                lang,
                desk.campaign,
                Refusal::TooMany { max },
                "",
            );
            // Where it is and why, quoting none of it (the receipt's kept copy holds it).
            let d = Diagnostic::at(c.file_name, c.masked, l.span.clone(), "G5.3", why);
            taken.lines.push(format!(
                "{}:{}:{}: {} ({})",
                d.path, d.line, d.col, d.message, d.rule
            ));
            continue;
        }
        count += 1;
        let mut copies = Vec::new();
        // G5.3: a courier carries it instead; it sets out when the phase is resolved.
        let courier = desk.campaign.tables.rulings.letters_travel
            == crate::rules::tables::LettersTravel::Courier;
        for nation in l.addressees().into_iter().filter(|_| !courier) {
            let Some(club) = clubs
                .iter()
                .find(|k| k.nation == nation)
                .filter(|k| !k.emails.is_empty())
            else {
                continue;
            };
            let msg = to_addressee(desk, club, &writer.nation, l, &text, c)?;
            copies.push((Some(nation), msg.message_id.clone()));
            taken.messages.push(msg);
        }
        if desk.campaign.tables.rulings.letters_referee_copy && !desk.config.mail.referee.is_empty()
        {
            let msg = to_referee(desk, &writer.nation, l, &text, &seal, c)?;
            copies.push((None, msg.message_id.clone()));
            taken.messages.push(msg);
        }
        taken.lines.push(t!(
            w,
            lang,
            if courier {
                "receipt-letter-courier"
            } else {
                "receipt-letter-goes"
            },
            to = to.as_str(),
            anonymous = if l.anonymous { "yes" } else { "no" }
        ));
        taken.letters.push(NewLetter {
            phase: c.phase.to_owned(),
            sender: writer.nation.clone(),
            recipients: l.addressees(),
            anonymous: l.anonymous,
            text,
            seal,
            written_at: c.written_at.to_owned(),
            copies,
        });
    }
    Ok(taken)
}

/// The title of the campaign in a language.
fn title<'a>(desk: &Desk<'a>, lang: Lang) -> &'a str {
    match lang {
        Lang::It => &desk.campaign.title_it,
        Lang::En => &desk.campaign.title_en,
    }
}

/// The letter as one addressee reads it: in its language, from the writer's nation or an
/// unnamed sender. It answers no message (an unsigned letter must not point at its
/// writer's), and its Message-ID is salted with the message that carried it, which its
/// reader never sees.
fn to_addressee(
    desk: &Desk,
    club: &Club,
    sender: &str,
    l: &Letter,
    text: &str,
    c: &Carried,
) -> Result<OutMessage> {
    let lang = club.lang;
    let from = from_words(desk, sender, l.anonymous, lang);
    let head = t!(
        desk.words,
        lang,
        "letter-head",
        from = from.as_str(),
        to = names(desk, &l.addressees(), lang),
        phase = super::phase_words(desk, c.phase, lang)
    );
    let draft = Draft {
        kind: "letter",
        phase: None,
        nation: Some(club.nation.clone()),
        to_name: Some(club.name.clone()),
        to: club.emails.clone(),
        subject: format!("[{}] {from}", title(desk, lang)),
        text: format!("{head}\n\n{text}\n"),
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt: format!("letter.{}", c.hash),
    };
    compose_reply(&draft, &mailbox(&desk.config.mail.from)?, desk.now, &[])
}

/// The referee's copy: who wrote it, signed or not, to whom.
fn to_referee(
    desk: &Desk,
    sender: &str,
    l: &Letter,
    text: &str,
    seal: &str,
    c: &Carried,
) -> Result<OutMessage> {
    let lang = desk.config.mail.referee_lang;
    let from = desk.campaign.nation_name(sender, lang);
    let to = names(desk, &l.addressees(), lang);
    let head = t!(
        desk.words,
        lang,
        "letter-copy-head",
        id = &seal[..12],
        from = from.as_str(),
        anonymous = if l.anonymous { "yes" } else { "no" },
        to = to.as_str(),
        phase = super::phase_words(desk, c.phase, lang)
    );
    let subject = t!(
        desk.words,
        lang,
        "letter-subject-copy",
        from = from.as_str(),
        to = to.as_str()
    );
    let draft = Draft {
        kind: "letter-copy",
        phase: None,
        nation: None,
        to_name: None,
        to: desk.config.mail.referee.clone(),
        subject: format!("[{}] {subject}", desk.campaign.title_en),
        text: format!("{head}\n\n{text}\n"),
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt: format!("letter.{}", c.hash),
    };
    compose_reply(&draft, &mailbox(&desk.config.mail.from)?, desk.now, &[])
}
