//! Turning a rendered report into an RFC 5322 message, byte-stable: the same content
//! gives the same bytes and the same Message-ID, so a message is rendered once and a
//! retry never changes it.
//!
//! Headers are built only through lettre's typed builders (no raw header names, no
//! "dangerous" constructors), and every text that goes into a header is first stripped
//! of control and bidi characters: a hostile club name cannot add a header or a
//! recipient.

pub use crate::diag::is_bidi_control;
use crate::error::{Error, Result};
use crate::storage::OutMessage;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Attachment, Body, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};
use sha2::{Digest, Sha256};
use std::str::FromStr;

/// A file attached to a message.
#[derive(Clone, Debug)]
pub struct FilePart {
    pub name: String,
    /// `text/plain; charset=utf-8`, `image/png`…
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}

/// The map picture a message shows inside its HTML (`cid:map`), with the file name a
/// reader sees when the mail program lists it (in the reader's language).
#[derive(Clone, Debug)]
pub struct InlinePng {
    pub name: String,
    pub png: Vec<u8>,
}

/// A message to compose, all of its recipients in one club (or the referee).
#[derive(Clone, Debug)]
pub struct Draft {
    /// `report`, `bulletin`, `referee`, `receipt`, `rejection`, `alert`, `reminder`.
    pub kind: &'static str,
    pub phase: Option<String>,
    pub nation: Option<String>,
    /// The club's (or referee's) name, shown beside the addresses.
    pub to_name: Option<String>,
    pub to: Vec<String>,
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
    /// Shown inside the HTML part as `cid:map`.
    pub inline_png: Option<InlinePng>,
    pub files: Vec<FilePart>,
    /// Distinguishes messages whose content may repeat (two receipts of equal files).
    pub salt: String,
}

/// Removes what must never reach a header: control characters (CR, LF, NUL…), bidi
/// controls, runs of spaces, encoded-word openers, and anything past 200 characters.
pub fn header_text(s: &str) -> String {
    let clean: String = s
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .take(200)
        .collect();
    // Runs of spaces collapse (encoded words would eat them), and a literal `=?` is
    // broken up so no mail reader decodes text a club wrote as an encoded word.
    clean
        .split(' ')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .replace("=?", "=\u{2060}?")
}

/// Parses a `Name <address>` or bare address from the configuration.
pub fn mailbox(s: &str) -> Result<Mailbox> {
    Mailbox::from_str(s.trim()).map_err(|e| Error::user(format!("mail address `{s}`: {e}")))
}

/// Returns the domain of a mailbox, for Message-IDs.
fn domain(m: &Mailbox) -> String {
    m.email.domain().to_owned()
}

/// Composes a draft into a queued message. `from` is the configured sender; `date` the
/// RFC 3339 time it is composed (the resolution's time, so replays match).
pub fn compose(draft: &Draft, from: &Mailbox, date: &str) -> Result<OutMessage> {
    compose_reply(draft, from, date, &[])
}

/// Composes a draft that answers a message: `thread` is that message's References
/// followed by its own Message-ID (clean ids without angle brackets, as
/// [`super::message::Envelope`] keeps them), so the reply carries `In-Reply-To` (the last)
/// and `References` (all) and a mail program shows it in the club's conversation.
pub(crate) fn compose_reply(
    draft: &Draft,
    from: &Mailbox,
    date: &str,
    thread: &[String],
) -> Result<OutMessage> {
    if draft.to.is_empty() {
        return Err(Error::user(format!(
            "{} for {}: no address to send it to",
            draft.kind,
            draft.nation.as_deref().unwrap_or("the referee")
        )));
    }
    let digest = content_hash(draft);
    let message_id = format!(
        "{}.{}.{}.{}@{}",
        draft.phase.as_deref().unwrap_or("campaign"),
        draft.kind,
        draft.nation.as_deref().unwrap_or("referee"),
        &digest[..20],
        domain(from)
    );
    let when = chrono::DateTime::parse_from_rfc3339(date)
        .map_err(|e| Error::internal(format!("date `{date}`: {e}")))?;
    // The Date header cannot say a time before 1970 or past 9999 (lettre would panic).
    if !(0..253_402_300_800).contains(&when.timestamp()) {
        return Err(Error::user(format!(
            "date `{date}` cannot be written in a mail header (1970 to 9999 only)"
        )));
    }
    let mut b = Message::builder()
        .message_id(Some(format!("<{message_id}>")))
        .from(from.clone())
        .date(std::time::SystemTime::from(when))
        .subject(header_text(&draft.subject));
    if let Some(last) = thread.last() {
        b = b.in_reply_to(format!("<{last}>"));
        let all: Vec<String> = thread.iter().map(|id| format!("<{id}>")).collect();
        b = b.references(all.join(" "));
    }
    let name = draft.to_name.as_deref().map(header_text);
    for a in &draft.to {
        let address =
            Address::from_str(a.trim()).map_err(|e| Error::user(format!("address `{a}`: {e}")))?;
        b = b.to(Mailbox::new(name.clone(), address));
    }
    let boundary = |part: &str| format!("giglio-{}-{part}", &digest[..24]);
    let text = SinglePart::plain(text_body(&draft.text));
    let body = match &draft.html {
        Some(html) => {
            let alternative = MultiPart::alternative()
                .boundary(boundary("alt"))
                .singlepart(text)
                .singlepart(SinglePart::html(text_body(html)));
            match &draft.inline_png {
                Some(png) => MultiPart::related()
                    .boundary(boundary("rel"))
                    .multipart(alternative)
                    .singlepart(
                        Attachment::new_inline_with_name("map".into(), png.name.clone()).body(
                            png.png.clone(),
                            ContentType::parse("image/png").map_err(mime_err)?,
                        ),
                    ),
                None => alternative,
            }
        }
        None => MultiPart::mixed()
            .boundary(boundary("mix"))
            .singlepart(text),
    };
    // A text-only message is one multipart/mixed: its text, then its files.
    let mut mixed = if draft.html.is_some() {
        MultiPart::mixed().boundary(boundary("mix")).multipart(body)
    } else {
        body
    };
    for f in &draft.files {
        mixed = mixed.singlepart(Attachment::new(header_text(&f.name)).body(
            file_body(f.mime, &f.bytes),
            ContentType::parse(f.mime).map_err(mime_err)?,
        ));
    }
    let message = b
        .multipart(mixed)
        .map_err(|e| Error::internal(format!("composing {}: {e}", draft.kind)))?;
    Ok(OutMessage {
        message_id,
        phase: draft.phase.clone(),
        kind: draft.kind.to_owned(),
        nation: draft.nation.clone(),
        recipients: draft.to.iter().map(|a| a.trim().to_owned()).collect(),
        subject: header_text(&draft.subject),
        raw: message.formatted(),
        redacted: None,
    })
}

/// A file's body in the shorter transfer encoding. lettre writes any file that is not
/// ASCII as base64, a third longer than the file; text that is mostly ASCII (a battle
/// card, an order file) is shorter as quoted-printable. Its line breaks are encoded too
/// (`=0A`), so the file a club saves is, byte for byte, the one sent.
///
/// An HTML file is the exception: its line breaks travel as the mail's own (CRLF), the
/// file a club saves having CRLF where giglio wrote LF. A page reads the same either way
/// (the HTML parser, and with it the hash a page's security policy checks its scripts
/// by, takes CRLF as LF), and the order page, in lines of 72 characters, then goes as
/// plain 7-bit text or with few soft breaks: some 5 KB lighter than with every line
/// break written `=0A` and every line joined and broken again at 76 (issue 30.5).
fn file_body(mime: &str, bytes: &[u8]) -> Body {
    if mime.starts_with("text/html")
        && let Ok(text) = std::str::from_utf8(bytes)
    {
        let auto = text_body(text);
        if auto.encoding() != ContentTransferEncoding::Base64 {
            return auto;
        }
        if let Ok(qp) =
            Body::new_with_encoding(crlf(text), ContentTransferEncoding::QuotedPrintable)
            && qp.as_ref().len() < auto.as_ref().len()
        {
            return qp;
        }
        return auto;
    }
    let auto = Body::new(bytes.to_vec());
    if auto.encoding() != ContentTransferEncoding::Base64 || std::str::from_utf8(bytes).is_err() {
        return auto;
    }
    match Body::new_with_encoding(bytes.to_vec(), ContentTransferEncoding::QuotedPrintable) {
        Ok(qp) if qp.as_ref().len() < auto.as_ref().len() => qp,
        _ => auto,
    }
}

/// A text's body as lettre's `Body::new` writes it, byte for byte: the transfer encoding
/// lettre chooses for the text as given, its line breaks as CRLF. lettre turns each LF
/// into CRLF by inserting a CR into the string, moving every byte after it: for an order
/// page of some 1 000 lines, 35 MB moved a mail (issue 30.5: the phase). Here the line
/// breaks are turned in one pass ([`crlf`]), and lettre finds none left to turn.
fn text_body(text: &str) -> Body {
    use email_encoding::body::Encoding;
    let encoding = match Encoding::choose(text, false) {
        Encoding::SevenBit => ContentTransferEncoding::SevenBit,
        Encoding::EightBit => ContentTransferEncoding::EightBit,
        Encoding::QuotedPrintable => ContentTransferEncoding::QuotedPrintable,
        Encoding::Base64 => ContentTransferEncoding::Base64,
    };
    // lettre refuses an encoding the text cannot take; the text as given then goes
    // its own way (never met: the encoding was chosen for this very text).
    Body::new_with_encoding(crlf(text), encoding).unwrap_or_else(|_| Body::new(text.to_owned()))
}

/// A text with every LF that no CR precedes written CRLF, as lettre writes a text body.
fn crlf(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 40 + 2);
    for line in text.split_inclusive('\n') {
        match line.strip_suffix('\n') {
            Some(bare) if !bare.ends_with('\r') => {
                out.push_str(bare);
                out.push_str("\r\n");
            }
            _ => out.push_str(line),
        }
    }
    out
}

fn mime_err(e: lettre::message::header::ContentTypeErr) -> Error {
    Error::internal(format!("content type: {e}"))
}

/// Hash of everything that makes a message what it is.
fn content_hash(d: &Draft) -> String {
    let mut h = Sha256::new();
    for part in [
        d.kind,
        d.phase.as_deref().unwrap_or(""),
        d.nation.as_deref().unwrap_or(""),
        &d.subject,
        &d.text,
        d.html.as_deref().unwrap_or(""),
        &d.salt,
    ] {
        h.update((part.len() as u64).to_be_bytes());
        h.update(part.as_bytes());
    }
    for a in &d.to {
        h.update(a.as_bytes());
        h.update([0]);
    }
    if let Some(png) = &d.inline_png {
        h.update(&png.png);
    }
    for f in &d.files {
        h.update(f.name.as_bytes());
        h.update(&f.bytes);
    }
    hex::encode(h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> Draft {
        Draft {
            kind: "report",
            phase: Some("1494-spring".into()),
            nation: Some("V".into()),
            to_name: Some("Circolo del Leone".into()),
            to: vec!["doge@example.org".into()],
            subject: "Il Giglio — primavera 1494".into(),
            text: "Città più forte: è così.\n".into(),
            html: Some("<p>Città</p>".into()),
            inline_png: Some(InlinePng {
                name: "map.png".into(),
                png: vec![0x89, b'P', b'N', b'G'],
            }),
            files: vec![],
            salt: String::new(),
        }
    }

    /// A text's body is lettre's own, byte for byte and encoding for encoding, whatever
    /// its line breaks, characters and line lengths.
    #[test]
    fn a_text_body_is_the_body_lettre_writes() {
        let long = "x".repeat(74);
        let texts = [
            String::new(),
            "\n".into(),
            "\n\nuna\r\ndue\rtre\n".into(),
            "Città più forte: è così.\n\r\n".into(),
            format!("{long}\n{long}y\n{long}\r\n"),
            format!("{long}zz\nnessun a capo alla fine"),
            "<p>ascii</p>\n".repeat(1_000),
            "\u{0}\u{1}binario\n".into(),
        ];
        for t in texts {
            let ours = text_body(&t);
            let lettre = Body::new(t.clone());
            assert_eq!(ours.encoding(), lettre.encoding(), "{t:?}");
            assert_eq!(ours.as_ref(), lettre.as_ref(), "{t:?}");
        }
    }

    #[test]
    fn the_same_draft_gives_the_same_bytes() {
        let from = mailbox("Arbitro <arbitro@example.org>").unwrap();
        let a = compose(&draft(), &from, "2026-03-01T21:00:00+01:00").unwrap();
        let b = compose(&draft(), &from, "2026-03-01T21:00:00+01:00").unwrap();
        assert_eq!(a, b);
        assert!(a.message_id.ends_with("@example.org"));
        let raw = String::from_utf8_lossy(&a.raw);
        assert!(
            raw.contains(&format!("Message-ID: <{}>", a.message_id)),
            "{raw}"
        );
    }

    #[test]
    fn a_hostile_name_adds_no_header_or_recipient() {
        let from = mailbox("arbitro@example.org").unwrap();
        let mut d = draft();
        d.to_name = Some("Evil\r\nBcc: victim@example.com".into());
        d.subject = "Hi\r\nCc: victim@example.com\u{202e}".into();
        let m = compose(&d, &from, "2026-03-01T21:00:00+01:00").unwrap();
        let raw = String::from_utf8_lossy(&m.raw);
        let head = raw.split("\r\n\r\n").next().unwrap();
        assert!(
            !head
                .lines()
                .any(|l| l.starts_with("Bcc:") || l.starts_with("Cc:")),
            "{head}"
        );
        assert_eq!(m.recipients, vec!["doge@example.org".to_owned()]);
    }

    /// A text file that is not ASCII goes as quoted-printable, shorter than base64, and
    /// comes back byte for byte (its LF line breaks, its `=`, its accents); a binary
    /// file stays base64.
    #[test]
    fn a_text_file_goes_as_quoted_printable_and_comes_back_as_it_was() {
        let from = mailbox("arbitro@example.org").unwrap();
        let card = "SCHEDA — Città\n  · Inizia il giocatore Pro-Francia (MON §4). (MON_starting_player=pro_france)\n".repeat(40);
        let png: Vec<u8> = (0..=255u8).cycle().take(4000).collect();
        let mut d = draft();
        d.files = vec![
            FilePart {
                name: "card.txt".into(),
                mime: "text/plain; charset=utf-8",
                bytes: card.clone().into_bytes(),
            },
            FilePart {
                name: "chart.png".into(),
                mime: "image/png",
                bytes: png.clone(),
            },
        ];
        let m = compose(&d, &from, "2026-03-01T21:00:00+01:00").unwrap();
        let raw = String::from_utf8_lossy(&m.raw);
        assert!(
            raw.contains("Content-Transfer-Encoding: quoted-printable"),
            "{raw}"
        );
        let base64 =
            Body::new_with_encoding(card.clone().into_bytes(), ContentTransferEncoding::Base64)
                .unwrap();
        assert!(
            file_body("text/plain; charset=utf-8", card.as_bytes())
                .as_ref()
                .len()
                < base64.as_ref().len()
        );
        let parsed = mail_parser::MessageParser::default().parse(&m.raw).unwrap();
        let file = |name: &str| {
            parsed
                .attachments()
                .find(|a| mail_parser::MimeHeaders::attachment_name(*a) == Some(name))
                .map(|a| a.contents().to_vec())
        };
        assert_eq!(file("card.txt"), Some(card.into_bytes()));
        assert_eq!(file("chart.png"), Some(png));
    }

    #[test]
    fn a_date_before_1970_is_an_error_not_a_panic() {
        let from = mailbox("arbitro@example.org").unwrap();
        assert!(compose(&draft(), &from, "1494-03-01T21:00:00+01:00").is_err());
    }

    #[test]
    fn header_text_defuses_encoded_words_and_collapses_spaces() {
        let t = header_text("=?utf-8?b?QmNjOg==?=  à \t à\r\n");
        assert!(!t.contains("=?"), "{t}");
        assert!(t.ends_with("à à"), "{t}");
    }

    #[test]
    fn a_bad_address_is_refused() {
        let from = mailbox("arbitro@example.org").unwrap();
        let mut d = draft();
        d.to = vec!["not an address".into()];
        assert!(compose(&d, &from, "2026-03-01T21:00:00+01:00").is_err());
    }
}
