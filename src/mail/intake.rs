//! Reading clubs' orders from mail: one message at a time, each read once (keyed by
//! the hash of its bytes), authenticated by the club's registered sender address
//! **and** its secret, checked, and submitted; a receipt or a rejection goes back to
//! the club's registered addresses, never to the sender as such.
//!
//! A message that fails authentication changes nothing, is not answered to its
//! sender, and alerts the club it claims to be from and the referee. Headers that a
//! forger controls and that prove nothing (Reply-To, Sender, Authentication-Results,
//! a display name) are never read for trust.

use super::compose::{Draft, compose, mailbox};
use super::config::Config;
use crate::error::Result;
use crate::rules::Campaign;
use crate::rules::tables::Lang;
use crate::storage::{Club, InboxRow, Ingest, OutMessage, Store, StoredOrders};
use crate::submission::{self, Auth, Checked, sha256_hex};
use mail_parser::{HeaderName, MessageParser, MimeHeaders};

/// Largest order file taken from a message.
pub const MAX_ORDERS_BYTES: usize = 256 * 1024;

/// What became of one message.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub enum Verdict {
    /// Read before (same bytes): nothing done.
    Duplicate,
    /// Orders stored; a receipt queued to the club.
    Accepted { nation: String, receipt: String },
    /// The club's own message, not accepted (errors queued back to the club).
    Rejected { nation: String, reason: String },
    /// Failed authentication: the club and the referee are alerted.
    Forged {
        claimed: Option<String>,
        reason: String,
    },
    /// Not an order message, or unreadable; the referee is told.
    Ignored { reason: String },
}

impl Verdict {
    fn word(&self) -> &'static str {
        match self {
            Verdict::Duplicate => "duplicate",
            Verdict::Accepted { .. } => "accepted",
            Verdict::Rejected { .. } => "rejected",
            Verdict::Forged { .. } => "forged",
            Verdict::Ignored { .. } => "ignored",
        }
    }

    fn detail(&self) -> String {
        match self {
            Verdict::Duplicate => "already read".into(),
            Verdict::Accepted { receipt, .. } => format!("receipt {receipt}"),
            Verdict::Rejected { reason, .. }
            | Verdict::Forged { reason, .. }
            | Verdict::Ignored { reason } => reason.clone(),
        }
    }
}

/// One message read, with where it came from, for the CLI to print.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Read {
    pub source: String,
    pub hash: String,
    pub sender: Option<String>,
    #[serde(flatten)]
    pub verdict: Verdict,
}

/// Everything about the campaign intake needs, loaded once per run.
pub struct Desk<'a> {
    pub campaign: &'a Campaign,
    pub config: &'a Config,
    pub now: &'a str,
    pub command: &'a str,
}

/// What a message says, once parsed: its single sender address and its order file.
struct Letter {
    sender: String,
    orders: Vec<u8>,
}

/// Reads one message and does what it asks, all in one transaction.
pub fn ingest(store: &mut Store, desk: &Desk, raw: &[u8], source: &str) -> Result<Read> {
    let hash = sha256_hex(raw);
    if store.inbox_seen(&hash)?.is_some() {
        return Ok(Read {
            source: source.into(),
            hash,
            sender: None,
            verdict: Verdict::Duplicate,
        });
    }
    let clubs = store.clubs()?;
    let (verdict, sender, orders, replies) = judge(store, desk, &clubs, raw, &hash)?;
    let row = InboxRow {
        hash: hash.clone(),
        received_at: desk.now.to_owned(),
        source: source.to_owned(),
        sender: sender.clone(),
        nation: match &verdict {
            Verdict::Accepted { nation, .. } | Verdict::Rejected { nation, .. } => {
                Some(nation.clone())
            }
            Verdict::Forged { claimed, .. } => claimed.clone(),
            _ => None,
        },
        verdict: verdict.word().to_owned(),
        detail: verdict.detail(),
        orders_id: None,
    };
    let saved = store.ingest(Ingest {
        inbox: row,
        orders: orders.as_ref(),
        replies: &replies,
        command: desk.command,
    })?;
    Ok(Read {
        source: source.into(),
        hash,
        sender,
        verdict: if saved { verdict } else { Verdict::Duplicate },
    })
}

type Judged = (
    Verdict,
    Option<String>,
    Option<StoredOrders>,
    Vec<OutMessage>,
);

/// Decides what a message is and what it causes; changes nothing.
fn judge(store: &Store, desk: &Desk, clubs: &[Club], raw: &[u8], hash: &str) -> Result<Judged> {
    let referee_alert = |reason: &str| -> Result<Vec<OutMessage>> {
        alert(desk, None, &[], reason, hash).map(|m| m.into_iter().collect())
    };
    if raw.len() > desk.config.intake.max_message_bytes {
        let reason = format!(
            "message of {} bytes is over the limit of {} bytes: not read",
            raw.len(),
            desk.config.intake.max_message_bytes
        );
        return Ok((
            Verdict::Ignored {
                reason: reason.clone(),
            },
            None,
            None,
            referee_alert(&reason)?,
        ));
    }
    let letter = match read_letter(raw, desk.config.intake.max_parts) {
        Ok(l) => l,
        Err((sender, reason)) => {
            // A registered club gets told its message could not be read; anyone else
            // is not answered.
            if let Some(club) = sender.as_deref().and_then(|s| club_of_sender(clubs, s)) {
                let reply = reply(
                    desk,
                    club,
                    "rejection",
                    &reason_text(club.lang, &reason),
                    hash,
                )?;
                return Ok((
                    Verdict::Rejected {
                        nation: club.nation.clone(),
                        reason,
                    },
                    sender,
                    None,
                    vec![reply],
                ));
            }
            return Ok((
                Verdict::Ignored {
                    reason: reason.clone(),
                },
                sender,
                None,
                referee_alert(&reason)?,
            ));
        }
    };
    let sender = Some(letter.sender.clone());
    let from_club = club_of_sender(clubs, &letter.sender);
    let current = store.current()?;
    let lookup = |n: &str| store.secret_hash(n).ok().flatten();
    let shown = "orders.toml";
    let checked = submission::check(
        shown,
        &letter.orders,
        desk.campaign,
        &current.world,
        clubs,
        Auth::Campaign(&lookup),
        from_club.map(|c| c.lang),
    );
    let claimed = checked.header.as_ref().map(|h| h.club.to_string());
    let claimed_club = claimed
        .as_deref()
        .and_then(|n| clubs.iter().find(|c| c.nation == n));
    match (from_club, claimed_club) {
        // The file names no club (it does not read): only its registered sender hears.
        (Some(club), None) => {
            let text = errors_text(club.lang, &checked, &letter.orders);
            let reply = reply(desk, club, "rejection", &text, hash)?;
            Ok((
                Verdict::Rejected {
                    nation: club.nation.clone(),
                    reason: first_error(&checked),
                },
                sender,
                None,
                vec![reply],
            ))
        }
        (None, None) => {
            let reason =
                "from an unregistered address, and no order file that names a club".to_owned();
            Ok((
                Verdict::Ignored {
                    reason: reason.clone(),
                },
                sender,
                None,
                referee_alert(&reason)?,
            ))
        }
        // Sent from an address that is not the claimed club's: forged.
        (from, Some(claimed)) if from.is_none_or(|f| f.nation != claimed.nation) => {
            let reason = format!(
                "claims to be from {} but was sent from {}, which is not one of its addresses",
                claimed.nation, letter.sender
            );
            let replies = alert(
                desk,
                Some(claimed),
                &clubs_for_alert(claimed),
                &reason,
                hash,
            )?;
            Ok((
                Verdict::Forged {
                    claimed: Some(claimed.nation.clone()),
                    reason,
                },
                sender,
                None,
                replies,
            ))
        }
        (_, Some(club)) => {
            if checked.errors.iter().any(|d| d.rule == "auth.secret") {
                let reason = format!(
                    "sent from {} with a missing or wrong secret: {}",
                    letter.sender,
                    first_error(&checked)
                );
                let replies = alert(desk, Some(club), &clubs_for_alert(club), &reason, hash)?;
                return Ok((
                    Verdict::Forged {
                        claimed: Some(club.nation.clone()),
                        reason,
                    },
                    sender,
                    None,
                    replies,
                ));
            }
            if !checked.errors.is_empty() {
                let text = errors_text(club.lang, &checked, &letter.orders);
                let reply = reply(desk, club, "rejection", &text, hash)?;
                return Ok((
                    Verdict::Rejected {
                        nation: club.nation.clone(),
                        reason: first_error(&checked),
                    },
                    sender,
                    None,
                    vec![reply],
                ));
            }
            let header = checked
                .header
                .as_ref()
                .expect("a club was claimed, so the header read");
            let orders = StoredOrders {
                id: 0,
                phase: header.phase.clone(),
                nation: club.nation.clone(),
                received_at: desk.now.to_owned(),
                source: format!("mail from {}, message {}", letter.sender, &hash[..16]),
                sha256: checked.sha256.clone(),
                text: checked.masked.clone(),
                active: true,
            };
            let text = receipt_text(club.lang, &checked, &letter.orders, &header.phase);
            let reply = reply(desk, club, "receipt", &text, hash)?;
            Ok((
                Verdict::Accepted {
                    nation: club.nation.clone(),
                    receipt: checked.sha256.clone(),
                },
                sender,
                Some(orders),
                vec![reply],
            ))
        }
    }
}

/// The addresses an alert about a club goes to: the club's own.
fn clubs_for_alert(club: &Club) -> Vec<String> {
    club.emails.clone()
}

/// Returns the club that registered this address (compared without case).
fn club_of_sender<'a>(clubs: &'a [Club], sender: &str) -> Option<&'a Club> {
    let s = sender.trim().to_lowercase();
    clubs
        .iter()
        .find(|c| c.emails.iter().any(|e| e.trim().to_lowercase() == s))
}

/// Parses a message: exactly one From with one address, and one order file (a `.toml`
/// attachment, else the text body). The error carries the sender if it was readable.
fn read_letter(
    raw: &[u8],
    max_parts: usize,
) -> std::result::Result<Letter, (Option<String>, String)> {
    let msg = MessageParser::default()
        .parse(raw)
        .ok_or((None, "not a mail message (it does not parse)".to_owned()))?;
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
        (0, _) | (_, []) => return Err((None, "the message has no sender address (From)".into())),
        _ => {
            return Err((
                None,
                "the message names several senders (From): it is not read".into(),
            ));
        }
    };
    if sender
        .chars()
        .any(|c| c.is_control() || super::compose::is_bidi_control(c))
    {
        return Err((None, "the sender address holds control characters".into()));
    }
    if msg.parts.len() > max_parts {
        return Err((
            Some(sender),
            format!(
                "the message has {} parts; at most {max_parts} are read",
                msg.parts.len()
            ),
        ));
    }
    let tomls: Vec<&[u8]> = msg
        .attachments()
        .filter(|p| {
            p.attachment_name()
                .is_some_and(|n| n.to_lowercase().ends_with(".toml"))
                || p.is_content_type("application", "toml")
                || p.is_content_type("text", "x-toml")
        })
        .map(|p| p.contents())
        .collect();
    let orders = match tomls.as_slice() {
        [one] => one.to_vec(),
        [] => {
            let body = msg.body_text(0).map(|b| b.into_owned()).unwrap_or_default();
            // A reply quotes the report: quoted lines are not orders.
            let own: Vec<&str> = body.lines().filter(|l| !l.starts_with('>')).collect();
            own.join("\n").trim().as_bytes().to_vec()
        }
        _ => {
            return Err((
                Some(sender),
                format!(
                    "the message carries {} order files; send one per message",
                    tomls.len()
                ),
            ));
        }
    };
    if orders.is_empty() {
        return Err((Some(sender), "the message carries no order file".into()));
    }
    if orders.len() > MAX_ORDERS_BYTES {
        return Err((
            Some(sender),
            format!(
                "the order file has {} bytes; at most {MAX_ORDERS_BYTES} are read",
                orders.len()
            ),
        ));
    }
    Ok(Letter { sender, orders })
}

fn first_error(c: &Checked) -> String {
    c.errors.first().map_or_else(
        || "the order file does not read".into(),
        |d| format!("{} ({})", d.message, d.rule),
    )
}

fn tr(lang: Lang, it: &str, en: &str) -> String {
    match lang {
        Lang::It => it.to_owned(),
        Lang::En => en.to_owned(),
    }
}

fn reason_text(lang: Lang, reason: &str) -> String {
    format!(
        "{}\n\n  {reason}\n",
        tr(
            lang,
            "Il vostro messaggio non è stato letto:",
            "Your message was not read:"
        )
    )
}

/// The located errors of a refused file, in the club's language.
fn errors_text(lang: Lang, c: &Checked, bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = tr(
        lang,
        "Il vostro file di ordini non è stato accettato; nulla è stato registrato.\n\n",
        "Your order file was not accepted; nothing was recorded.\n\n",
    );
    for d in &c.errors {
        out.push_str(&d.render(&text));
        out.push('\n');
    }
    out
}

/// The receipt: the sealed-orders hash and every order that will not be carried out.
fn receipt_text(lang: Lang, c: &Checked, bytes: &[u8], phase: &str) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = match lang {
        Lang::It => format!(
            "Ordini per {phase} ricevuti e sigillati.\nImpronta SHA-256 del file ricevuto: {}\nUn file successivo sostituisce questo.\n",
            c.sha256
        ),
        Lang::En => format!(
            "Orders for {phase} received and sealed.\nSHA-256 of the file as received: {}\nA later file replaces this one.\n",
            c.sha256
        ),
    };
    if !c.rejected.is_empty() {
        out.push_str(&tr(
            lang,
            "\nQuesti ordini non saranno eseguiti:\n\n",
            "\nThese orders will not be carried out:\n\n",
        ));
        for d in &c.rejected {
            out.push_str(&d.render(&text));
            out.push('\n');
        }
    }
    out
}

/// A reply to a club, to its registered addresses.
fn reply(
    desk: &Desk,
    club: &Club,
    kind: &'static str,
    text: &str,
    hash: &str,
) -> Result<OutMessage> {
    let (it, en) = match kind {
        "receipt" => ("ordini ricevuti", "orders received"),
        _ => ("ordini non accettati", "orders not accepted"),
    };
    let draft = Draft {
        kind,
        phase: None,
        nation: Some(club.nation.clone()),
        to_name: Some(club.name.clone()),
        to: club.emails.clone(),
        subject: format!(
            "[{}] {}",
            title(desk.campaign, club.lang),
            tr(club.lang, it, en)
        ),
        text: text.to_owned(),
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt: hash.to_owned(),
    };
    compose(&draft, &mailbox(&desk.config.mail.from)?, desk.now)
}

/// Alerts about a message that failed authentication: to the club it claimed to be
/// (at its registered addresses) and to the referee. Never to the sender.
fn alert(
    desk: &Desk,
    club: Option<&Club>,
    to: &[String],
    reason: &str,
    hash: &str,
) -> Result<Vec<OutMessage>> {
    let from = mailbox(&desk.config.mail.from)?;
    let mut out = Vec::new();
    if let Some(club) = club.filter(|_| !to.is_empty()) {
        let text = format!(
            "{}\n\n  {reason}\n\n{}\n",
            tr(
                club.lang,
                "Attenzione: è arrivato un messaggio a nome del vostro club che non è stato accettato.",
                "Warning: a message in your club's name arrived and was not accepted."
            ),
            tr(
                club.lang,
                "Nulla è cambiato. Se non l'avete mandato voi, avvisate l'arbitro; se il segreto può essere noto ad altri, chiedetegliene uno nuovo.",
                "Nothing changed. If you did not send it, tell the referee; if your secret may be known to others, ask for a new one."
            )
        );
        out.push(compose(
            &Draft {
                kind: "alert",
                phase: None,
                nation: Some(club.nation.clone()),
                to_name: Some(club.name.clone()),
                to: to.to_vec(),
                subject: format!(
                    "[{}] {}",
                    title(desk.campaign, club.lang),
                    tr(club.lang, "avviso", "alert")
                ),
                text,
                html: None,
                inline_png: None,
                files: Vec::new(),
                salt: hash.to_owned(),
            },
            &from,
            desk.now,
        )?);
    }
    if !desk.config.mail.referee.is_empty() {
        out.push(compose(
            &Draft {
                kind: "alert",
                phase: None,
                nation: None,
                to_name: None,
                to: desk.config.mail.referee.clone(),
                subject: format!("[{}] intake alert", desk.campaign.title_en),
                text: format!("A message was not accepted (sha256 {hash}):\n\n  {reason}\n"),
                html: None,
                inline_png: None,
                files: Vec::new(),
                salt: hash.to_owned(),
            },
            &from,
            desk.now,
        )?);
    }
    Ok(out)
}

fn title(c: &Campaign, lang: Lang) -> &str {
    match lang {
        Lang::It => &c.title_it,
        Lang::En => &c.title_en,
    }
}
