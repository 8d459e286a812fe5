//! Reading clubs' orders from mail: one message at a time, each read once (keyed by
//! the hash of its bytes), authenticated by the club's registered sender address
//! **and** its secret, checked, and submitted; a receipt or a rejection goes back to
//! the club's registered addresses, never to the sender as such.
//!
//! A message that fails authentication changes nothing, is not answered to its
//! sender, and alerts the club it claims to be from and the referee. Headers that a
//! forger controls and that prove nothing (Reply-To, Sender, Authentication-Results,
//! a display name) are never read for trust; a message without exactly one sender
//! address never passes.
//!
//! [`super::letter`] reads the message (its sender, its order file, the limits); this
//! module judges it and decides who hears of it.

use super::compose::{Draft, compose, mailbox};
use super::config::Config;
use super::letter;
use crate::error::Result;
use crate::rules::Campaign;
use crate::rules::tables::Lang;
use crate::storage::{Club, InboxRow, Ingest, OutMessage, Store, StoredOrders};
use crate::submission::{self, Auth, Checked, sha256_hex};

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
    let cap = desk.config.intake.max_message_bytes;
    if raw.len() > cap {
        // The readers stop at cap + 1 bytes: the true size is not known, only that it is more.
        let reason = format!("the message is larger than the limit of {cap} bytes: not read");
        return ignored(desk, reason, None, hash);
    }
    let letter = match letter::read(raw, desk.config.intake.max_parts) {
        Ok(l) => l,
        Err(reason) => return ignored(desk, reason, None, hash),
    };
    let sender = letter.sender.as_ref().ok().cloned();
    let from_club = sender.as_deref().and_then(|s| club_of_sender(clubs, s));
    match (letter.orders, &letter.sender, from_club) {
        (Ok(orders), ..) => judge_orders(store, desk, clubs, &letter.sender, &orders, hash),
        // A registered club gets told its message could not be read; anyone else is not
        // answered.
        (Err(unread), _, Some(club)) => {
            let text = reason_text(club.lang, &unread.text(club.lang));
            rejected(desk, club, unread.to_string(), &text, sender, hash)
        }
        (Err(_), Err(why), None) => ignored(desk, why.clone(), None, hash),
        (Err(unread), Ok(_), None) => ignored(desk, unread.to_string(), sender, hash),
    }
}

/// Judges a message's order file: by the club it names, the address it came from and
/// the secret it carries.
fn judge_orders(
    store: &Store,
    desk: &Desk,
    clubs: &[Club],
    sender: &std::result::Result<String, String>,
    orders: &[u8],
    hash: &str,
) -> Result<Judged> {
    let from_club = sender
        .as_deref()
        .ok()
        .and_then(|s| club_of_sender(clubs, s));
    let current = store.current()?;
    let lookup = |n: &str| store.secret_hash(n).ok().flatten();
    let checked = submission::check(
        "orders.toml",
        orders,
        desk.campaign,
        &current.world,
        clubs,
        Auth::Campaign(&lookup),
        from_club.map(|c| c.lang),
    );
    let claimed = checked
        .header
        .as_ref()
        .and_then(|h| clubs.iter().find(|c| c.nation == h.club.as_str()));
    let sender = match (sender, claimed) {
        (Ok(s), _) => s,
        // No single sender to check against the club's addresses: never accepted, and
        // the club it names is alerted.
        (Err(why), Some(club)) => {
            let reason = format!("claims to be from {} but {why}", club.nation);
            return forged(desk, club, reason, None, hash);
        }
        (Err(why), None) => return ignored(desk, why.clone(), None, hash),
    };
    match (from_club, claimed) {
        // The file names no club (it does not read): only its registered sender hears.
        (Some(club), None) => {
            let text = errors_text(club.lang, &checked, orders);
            rejected(
                desk,
                club,
                first_error(&checked),
                &text,
                Some(sender.clone()),
                hash,
            )
        }
        (None, None) => ignored(
            desk,
            "from an unregistered address, and no order file that names a club".to_owned(),
            Some(sender.clone()),
            hash,
        ),
        // Sent from an address that is not the claimed club's: forged.
        (from, Some(club)) if from.is_none_or(|f| f.nation != club.nation) => {
            let reason = format!(
                "claims to be from {} but was sent from {sender}, which is not one of its addresses",
                club.nation
            );
            forged(desk, club, reason, Some(sender.clone()), hash)
        }
        (_, Some(club)) => {
            if checked.errors.iter().any(|d| d.rule == "auth.secret") {
                let reason = format!(
                    "sent from {sender} with a missing or wrong secret: {}",
                    first_error(&checked)
                );
                return forged(desk, club, reason, Some(sender.clone()), hash);
            }
            if !checked.errors.is_empty() {
                let text = errors_text(club.lang, &checked, orders);
                let reason = first_error(&checked);
                return rejected(desk, club, reason, &text, Some(sender.clone()), hash);
            }
            accepted(desk, club, &checked, orders, sender, hash)
        }
    }
}

/// The club's orders, authenticated and readable: stored, and a receipt queued.
fn accepted(
    desk: &Desk,
    club: &Club,
    checked: &Checked,
    orders: &[u8],
    sender: &str,
    hash: &str,
) -> Result<Judged> {
    let header = checked
        .header
        .as_ref()
        .expect("a club was claimed, so the header read");
    let stored = StoredOrders {
        id: 0,
        phase: header.phase.clone(),
        nation: club.nation.clone(),
        received_at: desk.now.to_owned(),
        source: format!("mail from {sender}, message {}", &hash[..16]),
        sha256: checked.sha256.clone(),
        text: checked.masked.clone(),
        active: true,
    };
    let text = receipt_text(club.lang, checked, orders, &header.phase);
    let reply = reply(desk, club, "receipt", &text, hash)?;
    Ok((
        Verdict::Accepted {
            nation: club.nation.clone(),
            receipt: checked.sha256.clone(),
        },
        Some(sender.to_owned()),
        Some(stored),
        vec![reply],
    ))
}

/// The club's own message, refused: `text` goes back to its registered addresses.
fn rejected(
    desk: &Desk,
    club: &Club,
    reason: String,
    text: &str,
    sender: Option<String>,
    hash: &str,
) -> Result<Judged> {
    let reply = reply(desk, club, "rejection", text, hash)?;
    Ok((
        Verdict::Rejected {
            nation: club.nation.clone(),
            reason,
        },
        sender,
        None,
        vec![reply],
    ))
}

/// A message in a club's name that failed authentication: the club and the referee
/// are alerted, the sender is not answered.
fn forged(
    desk: &Desk,
    club: &Club,
    reason: String,
    sender: Option<String>,
    hash: &str,
) -> Result<Judged> {
    let replies = alert(desk, Some(club), &clubs_for_alert(club), &reason, hash)?;
    Ok((
        Verdict::Forged {
            claimed: Some(club.nation.clone()),
            reason,
        },
        sender,
        None,
        replies,
    ))
}

/// Not an order message, or unreadable: only the referee is told.
fn ignored(desk: &Desk, reason: String, sender: Option<String>, hash: &str) -> Result<Judged> {
    let alerts = alert(desk, None, &[], &reason, hash)?;
    Ok((Verdict::Ignored { reason }, sender, None, alerts))
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
                subject: format!("[{}] intake alert", desk.campaign.title_it),
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

/// The game's name, Il Giglio in every language (the campaign's Italian title).
fn title(c: &Campaign, _lang: Lang) -> &str {
    &c.title_it
}

/// Parses a raw message as [`ingest`] does (its one sender, its order file), without a
/// campaign: the entry point of the mail fuzzer (`fuzz/fuzz_targets/intake.rs`).
#[doc(hidden)]
pub fn parse_for_fuzz(raw: &[u8]) -> std::result::Result<(String, Vec<u8>), String> {
    let max_parts = super::config::IntakeConfig::default().max_parts;
    let l = letter::read(raw, max_parts)?;
    Ok((l.sender?, l.orders.map_err(|u| u.to_string())?))
}
