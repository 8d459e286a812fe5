//! Reading one raw message into what intake needs: its single sender address and its
//! order file (a `.toml` attachment, else the club's own words in the text body: not the
//! lines it quotes, nor its signature). Messages no mail program sends, and those built
//! to exhaust a reader, are refused here with a reason a person can act on.
//!
//! Nothing here decides trust: the desk (`engine::desk`) does, from the sender and the secret.

use mail_parser::{HeaderName, Message, MessageParser, MessagePart, MimeHeaders, PartType};

/// Largest order file taken from a message.
pub const MAX_ORDERS_BYTES: usize = 256 * 1024;
/// Deepest MIME nesting read: real messages nest two or three levels.
pub(crate) const MAX_MIME_DEPTH: usize = 8;
/// Longest header line mail allows, without its line break (RFC 5322 section 2.1.1).
pub(crate) const MAX_HEADER_LINE: usize = 998;

/// What a message says, once parsed.
pub struct Letter {
    /// The single sender address, or why the message has none.
    pub sender: Result<String, String>,
    /// The order file, or why none is read from this message.
    pub orders: Result<Vec<u8>, Unread>,
    /// The club's words around an order file written in the text (a greeting, a
    /// signature), set aside and not read as orders.
    pub set_aside: SetAside,
    /// The name of the attached order file, when the orders came attached and its name
    /// is a plain file name: a reply locates a slip in it by that name, as the club
    /// saved it. `None` for orders written in the text.
    pub orders_name: Option<String>,
    pub(crate) envelope: Envelope,
}

/// How many lines of words stood before and after an order file written in a
/// message's text; they are set aside, and the reply says so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetAside {
    pub before: usize,
    pub after: usize,
}

impl SetAside {
    pub fn is_empty(&self) -> bool {
        self.before == 0 && self.after == 0
    }
}

/// What tells copies of one message apart, and what a reply to it needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Envelope {
    /// The Message-ID, without angle brackets, if it is one a reply may carry.
    pub(crate) message_id: Option<String>,
    /// Its References (and In-Reply-To), as clean message ids, oldest first.
    pub(crate) references: Vec<String>,
    /// Its `Date:` as Unix seconds, if it reads.
    pub(crate) date: Option<i64>,
    /// SHA-256 of the message without its trace headers (`Received:`, `Return-Path:`…)
    /// and with CRLF read as LF: the same for every copy a mail system delivers.
    pub(crate) content_hash: String,
}

/// Header fields that mail servers add on the way, so that two copies of one message
/// differ by them (RFC 5321 section 4.4 and what common servers and mailbox formats add).
const TRACE_HEADERS: &[&str] = &[
    "received",
    "return-path",
    "delivered-to",
    "x-original-to",
    "x-delivered-to",
    "x-received",
    "received-spf",
    "authentication-results",
    "arc-seal",
    "arc-message-signature",
    "arc-authentication-results",
    "status",
    "x-status",
    "x-uid",
    "x-keywords",
    "x-mozilla-status",
    "x-mozilla-status2",
    "content-length",
    "lines",
];
const TRACE_PREFIXES: &[&str] = &["x-spam-", "x-virus-", "x-ham-", "x-gm-"];

/// Whether a header field is one mail servers add on the way.
fn is_trace(name: &str) -> bool {
    let n = name.trim().to_ascii_lowercase();
    TRACE_HEADERS.contains(&n.as_str()) || TRACE_PREFIXES.iter().any(|p| n.starts_with(p))
}

/// SHA-256 of a message without its trace header fields (with their continuation lines),
/// line ends read as LF.
pub(crate) fn content_hash(raw: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let head = header_block(raw);
    let mut h = Sha256::new();
    let mut skipping = false;
    for line in head.split_inclusive(|&b| b == b'\n') {
        let continues = line.first().is_some_and(|b| *b == b' ' || *b == b'\t');
        if !continues {
            let name = line.split(|&b| b == b':').next().unwrap_or(b"");
            skipping = is_trace(&String::from_utf8_lossy(name));
        }
        if !skipping {
            h.update(lf(line));
        }
    }
    for line in raw[head.len()..].split_inclusive(|&b| b == b'\n') {
        h.update(lf(line));
    }
    hex::encode(h.finalize())
}

/// A line with its CRLF read as LF.
fn lf(line: &[u8]) -> Vec<u8> {
    match line.strip_suffix(b"\r\n") {
        Some(l) => [l, b"\n"].concat(),
        None => line.to_vec(),
    }
}

/// A message id a reply may carry: printable ASCII, no spaces or brackets, of a sane
/// length.
fn clean_id(id: &str) -> Option<String> {
    let id = id.trim().trim_start_matches('<').trim_end_matches('>');
    let ok = !id.is_empty()
        && id.len() <= 250
        && id.contains('@')
        && id
            .bytes()
            .all(|b| b.is_ascii_graphic() && !matches!(b, b'<' | b'>' | b'"' | b'\\'));
    ok.then(|| id.to_owned())
}

fn envelope_of(raw: &[u8], msg: Option<&Message>) -> Envelope {
    let Some(msg) = msg else {
        return Envelope {
            content_hash: content_hash(raw),
            ..Envelope::default()
        };
    };
    let ids = |v: &mail_parser::HeaderValue| -> Vec<String> {
        match v {
            mail_parser::HeaderValue::Text(t) => clean_id(t).into_iter().collect(),
            mail_parser::HeaderValue::TextList(l) => l.iter().filter_map(|t| clean_id(t)).collect(),
            _ => Vec::new(),
        }
    };
    let mut references = ids(msg.references());
    for id in ids(msg.in_reply_to()) {
        if !references.contains(&id) {
            references.push(id);
        }
    }
    references.truncate(20);
    Envelope {
        message_id: msg.message_id().and_then(clean_id),
        references,
        date: msg.date().map(|d| d.to_timestamp()),
        content_hash: content_hash(raw),
    }
}

/// The envelope of a message read only in part (larger than the cap): its header.
pub(crate) fn envelope(raw: &[u8]) -> (Envelope, Result<String, String>) {
    let head = header_block(raw);
    let mut head = head.to_vec();
    head.extend_from_slice(b"\r\n");
    let msg = MessageParser::default().parse(&head[..]);
    let sender = msg
        .as_ref()
        .map_or_else(|| Err("the message does not parse".into()), sender_of);
    let mut env = envelope_of(raw, msg.as_ref());
    env.content_hash = content_hash(raw);
    (env, sender)
}

/// Why no order file is read from a message: told to the club in its language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// A NUL byte at this offset.
    Nul {
        at: usize,
    },
    /// A header line of this many bytes.
    HeaderLine {
        bytes: usize,
    },
    HeadersNotUtf8,
    /// Parts nested this deep.
    Depth {
        depth: usize,
    },
    /// This many parts, more than `max`.
    Parts {
        parts: usize,
        max: usize,
    },
    /// This many `.toml` files.
    SeveralFiles {
        files: usize,
    },
    /// No order file; how many attachments were not read.
    NoOrders {
        attachments: usize,
    },
    /// No order file, and a compressed attachment (`.zip`, `.gz`…) that is never opened.
    Compressed,
    /// An order file of this many bytes.
    TooLarge {
        bytes: usize,
    },
    BadCharset,
    /// A bidi control character.
    Bidi {
        code: u32,
    },
}

/// Parses a message. `Err` only if it is not a mail message at all.
pub fn read(raw: &[u8], max_parts: usize) -> Result<Letter, String> {
    let msg = MessageParser::default()
        .parse(raw)
        .filter(|m| !m.parts.is_empty())
        .ok_or("not a mail message (it does not parse)")?;
    let read = refuse_malformed(raw, &msg, max_parts).and_then(|()| order_file(&msg));
    let (orders, set_aside) = match read {
        Ok((o, s)) => (Ok(o), s),
        Err(e) => (Err(e), SetAside::default()),
    };
    Ok(Letter {
        sender: sender_of(&msg),
        orders_name: attached_name(&msg).filter(|_| orders.is_ok()),
        orders,
        set_aside,
        envelope: envelope_of(raw, Some(&msg)),
    })
}

/// The From address and the plain text of a message giglio composed (a queued message
/// read back to see which addresses it was written with); `None` if it does not parse.
pub(crate) fn sender_and_text(raw: &[u8]) -> Option<(String, String)> {
    let msg = MessageParser::default().parse(raw)?;
    let sender = sender_of(&msg).ok()?;
    let text = msg.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
    Some((sender, text))
}

/// Exactly one From header holding exactly one address (with an `@`, and no control
/// characters).
fn sender_of(msg: &Message) -> Result<String, String> {
    let froms: Vec<_> = msg
        .headers()
        .iter()
        .filter(|h| h.name == HeaderName::From)
        .collect();
    let addresses: Vec<String> = froms
        .iter()
        .filter_map(|h| h.value.as_address())
        .flat_map(|a| a.iter())
        .filter_map(|a| a.address().map(str::to_owned))
        .collect();
    let sender = match (froms.len(), addresses.as_slice()) {
        (1, [one]) => one.clone(),
        (0, _) | (_, []) => return Err("the message has no sender address (From)".into()),
        _ => return Err("the message names several senders (From)".into()),
    };
    if sender
        .chars()
        .any(|c| c.is_control() || super::compose::is_bidi_control(c))
    {
        return Err("the sender address holds control characters".into());
    }
    if !sender.contains('@') {
        return Err(format!(
            "the sender `{sender}` (From) is not a mail address"
        ));
    }
    Ok(sender)
}

/// Refuses what no mail program sends and what only serves to exhaust a reader, each with
/// its own reason. The parser has already bounded the work (it is linear and iterative);
/// these limits keep what follows small.
fn refuse_malformed(raw: &[u8], msg: &Message, max_parts: usize) -> Result<(), Unread> {
    if let Some(at) = raw.iter().position(|&b| b == 0) {
        return Err(Unread::Nul { at });
    }
    let head = header_block(raw);
    let longest = head
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l).len())
        .max()
        .unwrap_or(0);
    if longest > MAX_HEADER_LINE {
        return Err(Unread::HeaderLine { bytes: longest });
    }
    if std::str::from_utf8(head).is_err() {
        return Err(Unread::HeadersNotUtf8);
    }
    let depth = mime_depth(msg);
    if depth > MAX_MIME_DEPTH {
        return Err(Unread::Depth { depth });
    }
    if msg.parts.len() > max_parts {
        return Err(Unread::Parts {
            parts: msg.parts.len(),
            max: max_parts,
        });
    }
    Ok(())
}

/// The top-level header block: everything before the first empty line.
fn header_block(raw: &[u8]) -> &[u8] {
    let mut start = 0;
    for line in raw.split_inclusive(|&b| b == b'\n') {
        if line == b"\n" || line == b"\r\n" {
            break;
        }
        start += line.len();
    }
    &raw[..start]
}

/// How deep multiparts nest. The parser stores a container before its parts, so one
/// pass in order sees every parent before its children.
fn mime_depth(msg: &Message) -> usize {
    let mut depth = vec![0usize; msg.parts.len()];
    let mut deepest = 0;
    for (i, part) in msg.parts.iter().enumerate() {
        if let PartType::Multipart(children) = &part.body {
            let below = depth[i] + 1;
            for &c in children {
                if let Some(d) = depth.get_mut(c as usize).filter(|_| c as usize > i) {
                    *d = below;
                    deepest = deepest.max(below);
                }
            }
        }
    }
    deepest
}

/// The name of the one attached order file, if it is a plain file name (letters,
/// digits, `.`, `-`, `_` and spaces, at most 80 characters, ending `.toml`): anything
/// else is the sender's words and is not repeated.
fn attached_name(msg: &Message) -> Option<String> {
    let files: Vec<&MessagePart> = msg.parts.iter().filter(|p| is_order_file(p)).collect();
    let [one] = files.as_slice() else {
        return None;
    };
    let name = one.attachment_name()?.trim();
    let plain = name.len() <= 80
        && name.to_ascii_lowercase().ends_with(".toml")
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._- ".contains(c));
    plain.then(|| name.to_owned())
}

/// The order file: the one `.toml` part, else the text body's own lines.
fn order_file(msg: &Message) -> Result<(Vec<u8>, SetAside), Unread> {
    let files: Vec<&MessagePart> = msg.parts.iter().filter(|p| is_order_file(p)).collect();
    let (orders, set_aside) = match files.as_slice() {
        [one] => (one.contents().to_vec(), SetAside::default()),
        // A compressed attachment beside a body that is no order file ("see the
        // attachment"): the attachment is what the club meant, and it is never opened.
        [] if msg.attachments().any(is_compressed) => {
            let Some((body, set_aside)) = among_words(&body_orders(msg)) else {
                return Err(Unread::Compressed);
            };
            if !body.lines().any(|l| l.trim_start().starts_with("club")) {
                return Err(Unread::Compressed);
            }
            (body.into_bytes(), set_aside)
        }
        [] => match among_words(&body_orders(msg)) {
            Some((body, set_aside)) => (body.into_bytes(), set_aside),
            None => (Vec::new(), SetAside::default()),
        },
        many => {
            return Err(Unread::SeveralFiles { files: many.len() });
        }
    };
    if orders.is_empty() {
        return Err(no_orders(msg));
    }
    if orders.len() > MAX_ORDERS_BYTES {
        return Err(Unread::TooLarge {
            bytes: orders.len(),
        });
    }
    if let Ok(text) = std::str::from_utf8(&orders) {
        // Text parts reach us decoded, with bytes invalid in their charset replaced.
        if text.contains('\u{fffd}') {
            return Err(Unread::BadCharset);
        }
        if let Some(c) = text.chars().find(|&c| super::compose::is_bidi_control(c)) {
            return Err(Unread::Bidi { code: c as u32 });
        }
    }
    Ok((orders, set_aside))
}

/// An order file written in a message's text among the club's words: from its first
/// line that reads as TOML (a `key = value`, a `[table]`, a `# comment`) to its last
/// (or the last line of a value that goes on over several lines). The words before
/// and after (a greeting, a signature without `-- `) are set aside and counted. `None`
/// when no line reads as TOML: the text holds no order file at all.
fn among_words(body: &str) -> Option<(String, SetAside)> {
    let lines: Vec<&str> = body.lines().collect();
    let first = lines.iter().position(|l| starts_toml(l))?;
    let last = lines
        .iter()
        .rposition(|l| starts_toml(l) || goes_on(l))
        .unwrap_or(first)
        .max(first);
    let words = |ls: &[&str]| ls.iter().filter(|l| !l.trim().is_empty()).count();
    let set_aside = SetAside {
        before: words(&lines[..first]),
        after: words(&lines[last + 1..]),
    };
    Some((lines[first..=last].join("\n"), set_aside))
}

/// A line that opens a piece of TOML: a comment, a table header, or `key = value`
/// with a bare or quoted key.
fn starts_toml(line: &str) -> bool {
    let t = line.trim();
    if t.starts_with('#') {
        return true;
    }
    if let Some(inner) = t.strip_prefix('[') {
        let inner = inner.strip_prefix('[').unwrap_or(inner);
        let name = inner.split(']').next().unwrap_or("");
        return !name.is_empty()
            && inner.contains(']')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_-. \"".contains(c));
    }
    let Some((key, _)) = t.split_once('=') else {
        return false;
    };
    let key = key.trim();
    !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_-.\"".contains(c))
}

/// A line that carries on a value begun above: an item of a list, its closing
/// bracket, or a string.
fn goes_on(line: &str) -> bool {
    let t = line.trim();
    t.starts_with(['"', '\'', ']', '}'])
        || t.chars().next().is_some_and(|c| c.is_ascii_digit()) && t.ends_with(',')
}

/// Why a message has no order file. Attachment names are not repeated: they are the
/// sender's words, and the sender is not yet known to be the club.
fn no_orders(msg: &Message) -> Unread {
    if msg.attachments().any(is_compressed) {
        return Unread::Compressed;
    }
    Unread::NoOrders {
        attachments: msg.attachments().count(),
    }
}

/// An archive or compressed file, by its name or its type: never opened.
fn is_compressed(p: &MessagePart) -> bool {
    const EXT: &[&str] = &[
        ".zip", ".gz", ".tgz", ".bz2", ".xz", ".7z", ".rar", ".zst", ".tar",
    ];
    let by_name = p
        .attachment_name()
        .is_some_and(|n| EXT.iter().any(|e| n.to_lowercase().ends_with(e)));
    let by_type = [
        "zip",
        "gzip",
        "x-gzip",
        "x-zip-compressed",
        "x-7z-compressed",
        "x-rar-compressed",
        "x-bzip2",
        "x-xz",
        "zstd",
        "x-tar",
    ]
    .iter()
    .any(|t| p.is_content_type("application", t));
    by_name || by_type
}

/// A part that is an order file: named `*.toml`, or typed as TOML.
fn is_order_file(p: &MessagePart) -> bool {
    !matches!(p.body, PartType::Multipart(_) | PartType::Message(_))
        && (p
            .attachment_name()
            .is_some_and(|n| n.to_lowercase().ends_with(".toml"))
            || p.is_content_type("application", "toml")
            || p.is_content_type("text", "x-toml"))
}

/// The club's own lines in the first text body (an HTML-only body is read as text).
fn body_orders(msg: &Message) -> String {
    let Some(part) = msg
        .text_body
        .first()
        .and_then(|&i| msg.parts.get(i as usize))
    else {
        return String::new();
    };
    let text = match &part.body {
        PartType::Text(t) => match part.content_type() {
            Some(ct)
                if ct
                    .attribute("format")
                    .is_some_and(|f| f.eq_ignore_ascii_case("flowed")) =>
            {
                unflow(
                    t,
                    ct.attribute("delsp")
                        .is_some_and(|d| d.eq_ignore_ascii_case("yes")),
                )
            }
            _ => t.to_string(),
        },
        PartType::Html(h) => html_text(h),
        _ => return String::new(),
    };
    own_text(&text)
}

/// Undoes `format=flowed` (RFC 3676): a line ending in a space goes on in the next one.
/// Mail programs wrap long lines this way, and a wrapped TOML line would not read.
fn unflow(text: &str, delsp: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split('\n') {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let line = line.strip_prefix(' ').unwrap_or(line); // space-stuffing
        if line.ends_with(' ') && line != "-- " {
            out.push_str(if delsp { &line[..line.len() - 1] } else { line });
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The club's own words in a text body: not the lines it quotes (`>`), not the line
/// that introduces them ("… wrote:"), and nothing after a signature separator (`-- `)
/// or a forwarded original ("-----Original Message-----").
fn own_text(body: &str) -> String {
    let lines: Vec<&str> = body.lines().collect();
    let end = lines
        .iter()
        .position(|l| ends_own_text(l))
        .unwrap_or(lines.len());
    let lines = &lines[..end];
    let quoted = |l: &str| l.trim_start().starts_with('>');
    // Whether the next non-blank line after each line is quoted: one pass from the end.
    let mut quote_follows = vec![false; lines.len()];
    let mut next_is_quoted = false;
    for (i, l) in lines.iter().enumerate().rev() {
        quote_follows[i] = next_is_quoted;
        if !l.trim().is_empty() {
            next_is_quoted = quoted(l);
        }
    }
    let own: Vec<&str> = lines
        .iter()
        .zip(quote_follows)
        .filter(|(l, follows)| {
            let introduces_quote = *follows && l.trim_end().ends_with(':');
            !quoted(l) && !introduces_quote
        })
        .map(|(l, _)| *l)
        .collect();
    own.join("\n").trim().to_owned()
}

/// A line after which nothing is the club's own: a signature or a forwarded original.
fn ends_own_text(line: &str) -> bool {
    let t = line.trim_end();
    if t == "--" {
        return true;
    }
    let low = t.to_lowercase();
    t.starts_with("-----")
        && (low.contains("original message") || low.contains("messaggio originale"))
}

/// The lines of an HTML body as a mail program shows them: block elements and `<br>` end
/// lines, `<pre>` keeps its spacing, entities are decoded, a quoted block
/// (`<blockquote>`) becomes one `>` line, and `<head>`, `<style>`, `<script>` and
/// comments are dropped. (The parser's own conversion joins `<div>` lines, which is how
/// most mail programs write HTML, into one.)
fn html_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    let (mut pre, mut quote) = (0usize, 0usize);
    let mut skip: Option<&'static str> = None;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map_or("", |i| &after[i + 3..]);
            continue;
        }
        if let Some(after) = rest.strip_prefix('<') {
            let end = after.find('>').unwrap_or(after.len());
            let tag = &after[..end];
            rest = after.get(end + 1..).unwrap_or("");
            let closing = tag.starts_with('/');
            let name = tag
                .trim_start_matches('/')
                .split(|c: char| !c.is_ascii_alphanumeric())
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            if let Some(s) = skip {
                if closing && name == s {
                    skip = None;
                }
                continue;
            }
            match name.as_str() {
                "head" | "style" | "script" | "title" | "template" if !closing => {
                    skip = ["head", "style", "script", "title", "template"]
                        .into_iter()
                        .find(|s| *s == name);
                }
                "br" => out.push('\n'),
                "pre" => {
                    pre = if closing {
                        pre.saturating_sub(1)
                    } else {
                        pre + 1
                    };
                    out.push('\n');
                }
                "blockquote" if closing => {
                    quote = quote.saturating_sub(1);
                    if quote == 0 {
                        out.push_str("\n>\n");
                    }
                }
                "blockquote" => {
                    quote += 1;
                    out.push('\n');
                }
                "p" | "div" | "li" | "tr" | "table" | "ul" | "ol" | "hr" | "dd" | "dt" | "h1"
                | "h2" | "h3" | "h4" | "h5" | "h6" => out.push('\n'),
                _ => {}
            }
            continue;
        }
        let next = rest.find('<').unwrap_or(rest.len());
        let (text, after) = rest.split_at(next);
        rest = after;
        if skip.is_none() && quote == 0 {
            push_html_text(&mut out, &decode_entities(text), pre > 0);
        }
    }
    // Block elements leave empty lines where a browser leaves none.
    out.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Appends text, collapsing runs of white space outside `<pre>` as a browser does.
fn push_html_text(out: &mut String, text: &str, pre: bool) {
    for c in text.chars() {
        let c = if c == '\u{a0}' { ' ' } else { c };
        if pre || !c.is_whitespace() {
            out.push(c);
        } else if !out.ends_with([' ', '\n']) && !out.is_empty() {
            out.push(' ');
        }
    }
}

/// Decodes the entities a mail program writes; any other is left as it stands.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let semi = rest[..rest.len().min(12)].find(';');
        let decoded = semi.and_then(|s| entity(&rest[1..s]).map(|c| (c, s)));
        match decoded {
            Some((c, s)) => {
                out.push(c);
                rest = &rest[s + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    match name {
        "quot" => Some('"'),
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "apos" => Some('\''),
        "nbsp" => Some(' '),
        _ => {
            let n = name.strip_prefix('#')?;
            let code = match n.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => n.parse().ok()?,
            };
            char::from_u32(code).filter(|c| *c != '\0')
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_keeps_only_the_clubs_own_lines() {
        let body = "club = \"V\"\nphase = \"1494-spring\"\n\nIl giorno 1 set 1494, Arbitro ha scritto:\n> Rapporto\n>\n> [[raise]]\n\n-- \nIl Doge\n";
        assert_eq!(own_text(body), "club = \"V\"\nphase = \"1494-spring\"");
        // A line ending in ':' that introduces no quote stays (the TOML parser judges it).
        assert_eq!(own_text("a:\nb"), "a:\nb");
        let outlook = "x = 1\n-----Messaggio originale-----\nDa: arbitro\n";
        assert_eq!(own_text(outlook), "x = 1");
    }

    #[test]
    fn html_lines_come_out_as_a_mail_program_shows_them() {
        let html = "<html><head><style>p{}</style></head><body><div dir=\"ltr\">club = &quot;V&quot;</div><div>phase&nbsp;= \"1494-spring\"<br></div><pre>[[raise]]\nnode = \"V0\"</pre><!-- x --><div class=\"gmail_quote\">On Mon, Arbitro wrote:<br><blockquote>old <b>report</b></blockquote></div></body></html>";
        let text = html_text(html);
        assert_eq!(
            own_text(&text),
            "club = \"V\"\nphase = \"1494-spring\"\n[[raise]]\nnode = \"V0\""
        );
        assert_eq!(decode_entities("&#x41;&#66;&bogus;&"), "AB&bogus;&");
    }

    #[test]
    fn flowed_text_is_joined_back() {
        assert_eq!(
            unflow("note = \"a long \nline\"\n-- \nsig\n", false),
            "note = \"a long line\"\n-- \nsig\n\n"
        );
        assert_eq!(unflow("ab \ncd\n", true), "abcd\n\n");
    }

    #[test]
    fn the_sender_is_one_address_or_a_reason() {
        let sender = |from: &str| {
            read(format!("{from}\r\n\r\nx").as_bytes(), 32)
                .unwrap()
                .sender
        };
        assert_eq!(
            sender("From: Doge <doge@leone.example>"),
            Ok("doge@leone.example".into())
        );
        for (from, why) in [
            ("Subject: none", "no sender address"),
            ("From: a@b.example, c@d.example", "several senders"),
            ("From: a@b.example\r\nFrom: c@d.example", "several senders"),
            ("From: <doge>", "not a mail address"),
        ] {
            let e = sender(from).unwrap_err();
            assert!(e.contains(why), "{from}: {e}");
        }
    }

    #[test]
    fn nesting_and_header_limits_are_measured() {
        let mut raw = String::from("From: a@b.example\r\n");
        for i in 0..12 {
            raw.push_str(&format!(
                "Content-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n--b{i}\r\n"
            ));
        }
        raw.push_str("Content-Type: text/plain\r\n\r\nx\r\n");
        let letter = read(raw.as_bytes(), 100).unwrap();
        let e = letter.orders.unwrap_err();
        assert_eq!(e, Unread::Depth { depth: 12 });
        assert_eq!(
            header_block(b"A: b\r\nC: d\r\n\r\nbody"),
            b"A: b\r\nC: d\r\n"
        );
    }
}
