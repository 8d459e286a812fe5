//! The club desk: judging clubs' mail, one message at a time, each read once, authenticated
//! by the club's registered sender address **and** its secret, checked, and submitted;
//! a receipt or a rejection goes back to the club's registered addresses, never to the
//! sender as such.
//!
//! The rules this module keeps:
//! - **Nothing unauthenticated is repeated.** Only a message from one of the claimed
//!   club's addresses whose secret verifies is answered with any of its own text (the
//!   echo of its orders, its located errors). Any other message gets, at most, a reply
//!   that quotes nothing: where its file stopped being readable, that its secret is
//!   missing, that it was too large or carried a compressed attachment.
//! - **A message is read once.** A copy is a message already read: the same bytes, the
//!   same bytes but for trace headers (`Received:`…) that servers add on the way, or the
//!   same Message-ID from the same sender carrying the same order file as a message that
//!   authenticated. A Message-ID is the sender's word: a forgery that carries it shadows
//!   nothing, and a corrected file re-sent under it is read.
//! - **An old copy never reverts a correction.** A message is dated by its `Date:`, or
//!   by its arrival when that is earlier or the header does not read; a file carried by
//!   a message written before the one that carried the club's active file never replaces
//!   it. On equal dates the later arrival wins, so a deliberate re-send replaces.
//! - **Replies to unauthenticated mail are coalesced.** A message that fails
//!   authentication changes nothing. From an address that is not the claimed club's it is
//!   not answered: the club hears once per phase, at the end of the run ([`alert_pending`],
//!   with the count and times). From the club's own address (a missing, empty or wrong
//!   secret, a file that does not read, a message too large), per club and phase the
//!   first [`FIRST_REPLIES`] are answered one by one, the others in one digest a day, and
//!   a file that authenticates starts the count again ([`slip`]). The referee gets one
//!   digest per run of every such message. None of these carries a word of the message.
//!
//! Headers that a forger controls and that prove nothing (Reply-To, Sender,
//! Authentication-Results, a display name) are never read for trust.
//!
//! [`crate::mail::message`] reads the message; [`replies`] writes what goes back.

use crate::auth;
use crate::error::Result;
use crate::mail::config::Config;
use crate::mail::message::{self as letter, Envelope, Letter};
use crate::rules::Campaign;
use crate::storage::{Answered, Club, Copy, InboxRow, Ingest, OutMessage, Store, StoredOrders};
use crate::submission::{self, Auth, sha256_hex};
use replies::Answer;

pub(crate) mod battles;
pub(crate) mod encounters;
pub(crate) mod extension;
pub(crate) mod letters;
pub(crate) mod plain;
pub(crate) mod replies;

/// What became of one message.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub(crate) enum Verdict {
    /// Read before (the same message, or a copy of it): nothing done.
    Duplicate,
    /// Orders stored; a receipt queued to the club.
    Accepted { nation: String, receipt: String },
    /// The club's authenticated orders, written before its active file: not applied,
    /// and the club is told which file stays active.
    Stale {
        nation: String,
        /// The receipt (SHA-256) of the club's active file, which stays active.
        active_receipt: String,
    },
    /// A message from a club's address, not accepted (the club is told why).
    Rejected { nation: String, reason: String },
    /// Failed authentication: the club and the referee are alerted at the end of the run.
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
            Verdict::Stale { .. } => "stale",
            Verdict::Rejected { .. } => "rejected",
            Verdict::Forged { .. } => "forged",
            Verdict::Ignored { .. } => "ignored",
        }
    }

    fn detail(&self) -> String {
        match self {
            Verdict::Duplicate => "already read".into(),
            Verdict::Accepted { receipt, .. } => format!("receipt {receipt}"),
            Verdict::Stale { active_receipt, .. } => {
                format!("written before the active file {active_receipt}")
            }
            Verdict::Rejected { reason, .. }
            | Verdict::Forged { reason, .. }
            | Verdict::Ignored { reason } => reason.clone(),
        }
    }
}

/// One message read, with where it came from, for the CLI to print.
#[derive(Clone, Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct Read {
    pub(crate) source: String,
    pub(crate) hash: String,
    pub(crate) sender: Option<String>,
    #[serde(flatten)]
    pub(crate) verdict: Verdict,
}

/// Everything about the campaign intake needs, loaded once per run.
pub(crate) struct Desk<'a> {
    pub(crate) campaign: &'a Campaign,
    /// The definition as the referee edited it (the view file attached to updates).
    pub(crate) definition: &'a std::collections::BTreeMap<String, String>,
    /// The campaign's tactical rulesets (orders of battle name one).
    pub(crate) rulesets: &'a [crate::battle::ruleset::Ruleset],
    pub(crate) config: &'a Config,
    /// The catalogue, the referee's overrides included.
    pub(crate) words: &'a crate::words::Words,
    pub(crate) now: &'a str,
    pub(crate) command: &'a str,
}

/// Longest sender address kept for the referee's eyes.
const MAX_SENDER_CHARS: usize = 120;

/// A phase key (`1495-spring`) as running text names it (`primavera 1495`), in the
/// club's language; a key that does not read is left as it is.
pub(crate) fn phase_words(desk: &Desk, phase: &str, lang: crate::rules::tables::Lang) -> String {
    crate::rules::calendar::PhaseId::parse_key(phase).map_or_else(
        || phase.to_owned(),
        |p| crate::words::phases::phase_name(desk.words, &desk.campaign.tables.calendar, p, lang),
    )
}

/// Reads one message and does what it asks, all in one transaction.
///
/// `arrived` is when the mailbox received the message (a Maildir file's delivery time,
/// an IMAP INTERNALDATE), if the source knows: lateness is judged by it, not by when
/// the mailbox happened to be read. A time after now, or one that does not read, is
/// taken as now.
pub(crate) fn ingest(
    store: &mut Store,
    desk: &Desk,
    raw: &[u8],
    source: &str,
    arrived: Option<&str>,
) -> Result<Read> {
    let hash = sha256_hex(raw);
    let duplicate = |sender| Read {
        source: source.into(),
        hash: hash.clone(),
        sender,
        verdict: Verdict::Duplicate,
    };
    if store.inbox_seen(&hash)?.is_some() {
        return Ok(duplicate(None));
    }
    let cap = desk.config.intake.max_message_bytes;
    // The readers stop at cap + 1 bytes: of a larger message only its header is read.
    let (letter, envelope, sender) = if raw.len() > cap {
        let (env, sender) = letter::envelope(raw);
        (None, env, sender)
    } else {
        match letter::read(raw, desk.config.intake.max_parts) {
            Ok(l) => {
                let (env, sender) = (l.envelope.clone(), l.sender.clone());
                (Some(l), env, sender)
            }
            Err(why) => (None, letter::envelope(raw).0, Err(why)),
        }
    };
    let clean_sender = sender.as_deref().ok().map(clean_address);
    let file_sha256 = letter
        .as_ref()
        .and_then(|l| l.orders.as_ref().ok())
        .map(|o| sha256_hex(o));
    if store
        .inbox_copy(&Copy {
            message_id: envelope.message_id.as_deref(),
            sender: clean_sender.as_deref(),
            content_hash: &envelope.content_hash,
            file_sha256: file_sha256.as_deref(),
        })?
        .is_some()
    {
        return Ok(duplicate(clean_sender));
    }
    let clubs = store.clubs()?;
    let current = store.current()?;
    let phase = current.id.key();
    // A mail still unread reached the mailbox after the phase opened, or it is judged
    // as if it had: a rehearsal under a pinned clock drops mails stamped with today's
    // date, and a receipt read "replaces the file received on" a day before the phase.
    let arrived_at = arrived
        .filter(|a| older(a, desk.now))
        .map(|a| {
            if older(a, &current.opened_at) {
                current.opened_at.as_str()
            } else {
                a
            }
        })
        .and_then(|a| chrono::DateTime::parse_from_rfc3339(a).ok())
        .map_or_else(
            || desk.now.to_owned(),
            |a| {
                a.with_timezone(&chrono::Utc)
                    .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            },
        );
    let m = Mail {
        hash: &hash,
        phase: &phase,
        envelope: &envelope,
        written_at: written_at(envelope.date, &arrived_at),
        arrived_at: arrived_at.clone(),
        set_aside: letter.as_ref().map(|l| l.set_aside).unwrap_or_default(),
        orders_name: letter.as_ref().and_then(|l| l.orders_name.clone()),
    };
    let judged = match letter {
        Some(l) => judge(store, desk, &clubs, &m, l)?,
        None if raw.len() > cap => too_large(store, desk, &clubs, &m, sender)?,
        None => Judged::ignored(
            "not a mail message (it does not parse)".into(),
            None,
            "unreadable",
        ),
    };
    let row_nation = match &judged.verdict {
        Verdict::Accepted { nation, .. }
        | Verdict::Rejected { nation, .. }
        | Verdict::Stale { nation, .. } => Some(nation.clone()),
        _ => None,
    };
    let row = InboxRow {
        hash: hash.clone(),
        received_at: desk.now.to_owned(),
        source: source.to_owned(),
        sender: judged.sender.clone(),
        nation: match &judged.verdict {
            Verdict::Accepted { nation, .. }
            | Verdict::Rejected { nation, .. }
            | Verdict::Stale { nation, .. } => Some(nation.clone()),
            Verdict::Forged { claimed, .. } => claimed.clone(),
            _ => None,
        },
        verdict: judged.verdict.word().to_owned(),
        detail: judged.verdict.detail(),
        orders_id: None,
        message_id: envelope.message_id.clone(),
        content_hash: Some(envelope.content_hash.clone()),
        written_at: Some(m.written_at.clone()),
        file_sha256,
        authenticated: judged.authenticated,
    };
    let saved = store.ingest(Ingest {
        inbox: row,
        orders: judged.orders.as_ref(),
        settlement: judged.settlement.as_ref(),
        replies: &judged.replies,
        attempt: judged
            .attempt
            .map(|(reason, answer)| (phase.clone(), reason.to_owned(), answer)),
        arrived_at: &m.arrived_at,
        reset: judged
            .authenticated
            .then(|| row_nation.map(|n| (phase.clone(), n)))
            .flatten(),
        letters: &judged.letters,
        extension: judged.extension.as_ref(),
        command: desk.command,
    })?;
    Ok(Read {
        source: source.into(),
        hash,
        sender: judged.sender,
        verdict: if saved {
            judged.verdict
        } else {
            Verdict::Duplicate
        },
    })
}

/// Why a message did not read, in the referee's record's language (English).
fn referee_words(desk: &Desk, unread: &letter::Unread) -> String {
    replies::unread_text(desk.words, crate::words::Lang::En, unread)
}

/// The message being judged.
struct Mail<'a> {
    hash: &'a str,
    /// The phase open when it arrived.
    phase: &'a str,
    envelope: &'a Envelope,
    /// RFC 3339 UTC: its `Date:`, or its arrival if that is earlier.
    written_at: String,
    /// RFC 3339 UTC: when the mailbox received it (or when it was read, if the mailbox
    /// does not say): a file is late if this is after the deadline.
    arrived_at: String,
    /// The club's words set aside around an order file written in its text.
    set_aside: crate::mail::message::SetAside,
    /// The attached order file's name, as the club saved it (`None`: orders in the text).
    orders_name: Option<String>,
}

/// What a message causes; nothing is changed until [`ingest`] saves it.
struct Judged {
    verdict: Verdict,
    /// The sender address, cleaned for the referee's eyes.
    sender: Option<String>,
    orders: Option<StoredOrders>,
    /// Battle results and orders of battle it carries, and the steps they settle.
    settlement: Option<crate::storage::Settlement>,
    replies: Vec<OutMessage>,
    /// Why it is reported at the run's end (a code), and how its club hears of it.
    attempt: Option<(&'static str, Answered)>,
    /// It came from its club's address with its club's secret.
    authenticated: bool,
    /// G5.3: the letters it carries that go (their copies among `replies`).
    letters: Vec<crate::storage::NewLetter>,
    /// G6.3: the extension granted, the clubs' notices among `replies`.
    extension: Option<crate::storage::Granted>,
}

impl Judged {
    fn ignored(reason: String, sender: Option<String>, code: &'static str) -> Judged {
        Judged {
            verdict: Verdict::Ignored { reason },
            sender,
            orders: None,
            settlement: None,
            replies: Vec::new(),
            attempt: Some((code, Answered::Alert)),
            authenticated: false,
            letters: Vec::new(),
            extension: None,
        }
    }

    fn forged(club: &Club, reason: String, sender: Option<String>, code: &'static str) -> Judged {
        Judged {
            verdict: Verdict::Forged {
                claimed: Some(club.nation.clone()),
                reason,
            },
            sender,
            orders: None,
            settlement: None,
            replies: Vec::new(),
            attempt: Some((code, Answered::Alert)),
            authenticated: false,
            letters: Vec::new(),
            extension: None,
        }
    }

    fn rejected(club: &Club, reason: String, sender: Option<String>, reply: OutMessage) -> Judged {
        Judged {
            verdict: Verdict::Rejected {
                nation: club.nation.clone(),
                reason,
            },
            sender,
            orders: None,
            settlement: None,
            replies: vec![reply],
            attempt: None,
            authenticated: false,
            letters: Vec::new(),
            extension: None,
        }
    }
}

/// Replies to unauthenticated mail from a club's address that go one by one, per club
/// and phase, before the rest wait for the club's daily digest (issues 29 and 32).
pub(crate) const FIRST_REPLIES: usize = 3;

/// How often, at most, a club gets a digest of the unauthenticated mail from its
/// addresses that was not answered one by one.
pub(crate) const DIGEST_EVERY_HOURS: i64 = 24;

/// Mail from a club's own address that did not authenticate (its secret missing, empty or
/// wrong, its file unreadable, too large): answered with a reply that quotes nothing while
/// the club has had fewer than [`FIRST_REPLIES`] such replies in the phase since its last
/// authenticated file; after that, gathered in the club's daily digest. The referee's
/// digest counts every one.
fn slip(
    store: &Store,
    desk: &Desk,
    club: &Club,
    m: &Mail,
    (reason, code): (String, &'static str),
    sender: Option<String>,
    answer: Answer,
) -> Result<Judged> {
    let forged = matches!(answer, Answer::SecretWrong { .. });
    let first = store.replies_counted(m.phase, &club.nation)? < FIRST_REPLIES;
    let replies = if first {
        let active = store.active_file(m.phase, &club.nation)?;
        let counts = replies::file_that_counts(desk, club, m.phase, active.as_ref().map(|a| &a.1));
        vec![replies::unquoted(
            desk,
            club,
            answer,
            (m.hash, &m.arrived_at),
            &counts,
        )?]
    } else {
        Vec::new()
    };
    let verdict = if forged {
        Verdict::Forged {
            claimed: Some(club.nation.clone()),
            reason,
        }
    } else {
        Verdict::Rejected {
            nation: club.nation.clone(),
            reason,
        }
    };
    Ok(Judged {
        verdict,
        sender,
        orders: None,
        settlement: None,
        replies,
        attempt: Some((
            code,
            if first {
                Answered::Sent
            } else {
                Answered::Digest
            },
        )),
        authenticated: false,
        letters: Vec::new(),
        extension: None,
    })
}

/// A message over the size cap: its registered club is told the limit, quoting nothing
/// (under [`slip`]'s rule); anyone else is not answered.
fn too_large(
    store: &Store,
    desk: &Desk,
    clubs: &[Club],
    m: &Mail,
    sender: std::result::Result<String, String>,
) -> Result<Judged> {
    let cap = desk.config.intake.max_message_bytes;
    let reason = format!("the message is larger than the limit of {cap} bytes: not read");
    let sender = sender.ok().map(|s| clean_address(&s));
    match sender.as_deref().and_then(|s| club_of_sender(clubs, s)) {
        Some(club) => slip(
            store,
            desk,
            club,
            m,
            (reason, "too-large"),
            sender,
            Answer::TooLarge { limit: cap },
        ),
        None => Ok(Judged::ignored(reason, sender, "too-large")),
    }
}

/// Decides what a parsed message is and what it causes; changes nothing.
fn judge(store: &Store, desk: &Desk, clubs: &[Club], m: &Mail, letter: Letter) -> Result<Judged> {
    let sender = letter.sender.as_deref().ok().map(clean_address);
    let from_club = sender.as_deref().and_then(|s| club_of_sender(clubs, s));
    let orders = match letter.orders {
        Ok(o) => o,
        // A registered club is told why its message could not be read (no words of the
        // message in it); anyone else is not answered.
        Err(unread) => {
            return Ok(match from_club {
                Some(club) => slip(
                    store,
                    desk,
                    club,
                    m,
                    (
                        referee_words(desk, &unread),
                        // A message with no order file at all may be a question for the
                        // referee: its digest says where it is kept.
                        if matches!(unread, letter::Unread::NoOrders { .. }) {
                            "no-orders"
                        } else {
                            "not-read"
                        },
                    ),
                    sender,
                    Answer::NotRead(&unread),
                )?,
                None => match &letter.sender {
                    Err(why) => Judged::ignored(why.clone(), None, "no-sender"),
                    Ok(_) => Judged::ignored(
                        format!(
                            "from an unregistered address, and {}",
                            referee_words(desk, &unread)
                        ),
                        sender,
                        "stranger",
                    ),
                },
            });
        }
    };
    let claim = submission::claim(&orders);
    let claimed = claim
        .club
        .as_deref()
        .and_then(|n| clubs.iter().find(|c| c.nation == n));
    let Some(sender) = sender else {
        // No single sender to check against the club's addresses: never accepted.
        let why = letter.sender.err().unwrap_or_default();
        return Ok(match claimed {
            Some(club) => Judged::forged(
                club,
                format!("claims to be from {} but {why}", club.nation),
                None,
                "no-sender",
            ),
            None => Judged::ignored(why, None, "no-sender"),
        });
    };
    // The club whose secret the file must carry: the one it names, else (a file that
    // names no club we know) the one whose address sent it.
    let Some(club) = claimed.or(from_club) else {
        return Ok(Judged::ignored(
            "from an unregistered address, and no order file that names a club".into(),
            Some(sender),
            "stranger",
        ));
    };
    if from_club.is_none_or(|f| f.nation != club.nation) {
        // With the club's own secret, the secret is known to someone else: the club and
        // the referee are told so (a play-test's club could not tell it had leaked).
        let leaked = store
            .secret_hash(&club.nation)?
            .is_some_and(|h| auth::verify(claim.secret.as_deref(), &h).is_ok());
        let reason = format!(
            "claims to be from {} but was sent from {sender}, which is not one of its addresses{}",
            club.nation,
            if leaked {
                ", with the club's right secret"
            } else {
                ""
            }
        );
        return Ok(Judged::forged(
            club,
            reason,
            Some(sender),
            if leaked {
                "not-its-address-secret"
            } else {
                "not-its-address"
            },
        ));
    }
    let stored = store.secret_hash(&club.nation)?;
    let verified = stored
        .as_deref()
        .map(|h| auth::verify(claim.secret.as_deref(), h));
    match verified {
        Some(Ok(())) => {
            let secret = claim.secret.as_deref().unwrap_or_default();
            authenticated(store, desk, clubs, club, &orders, (&sender, secret), m)
        }
        // The club's own address, but no secret: told so, quoting nothing (13.7). A
        // file that names no club either does not read at all: told where it stops.
        Some(Err(auth::SecretProblem::Missing)) => {
            let at = stops_at(store, desk, &orders)?;
            let (answer, reason, code) = match claim.club {
                Some(_) => (
                    Answer::SecretMissing { stops_at: at },
                    "the club's secret is missing (auth.secret); the club is told so, without a word of the message",
                    "no-secret",
                ),
                None => (
                    Answer::Unchecked { stops_at: at },
                    "the order file does not read and carries no secret; the club is told so, without a word of the message",
                    "not-read",
                ),
            };
            slip(
                store,
                desk,
                club,
                m,
                (reason.into(), code),
                Some(sender),
                answer,
            )
        }
        // The club's own address with a secret that is not its own: told so (under the
        // same rule), never with a word of the message, and asked to warn the referee if
        // it did not send it.
        Some(Err(problem)) => slip(
            store,
            desk,
            club,
            m,
            (
                format!(
                    "sent from {sender}, but {}",
                    secret_words(desk.words, problem)
                ),
                "bad-secret",
            ),
            Some(sender.clone()),
            Answer::SecretWrong { problem },
        ),
        None => Ok(Judged::forged(
            club,
            format!("sent from {sender}, but the club has no secret on record"),
            Some(sender),
            "bad-secret",
        )),
    }
}

/// What was wrong with a secret, in the referee's record's language (English).
fn secret_words(w: &crate::words::Words, problem: auth::SecretProblem) -> String {
    let id = match problem {
        auth::SecretProblem::Missing => "auth-secret-missing",
        auth::SecretProblem::NotAscii => "auth-secret-not-ascii",
        auth::SecretProblem::Malformed => "auth-secret-malformed",
        auth::SecretProblem::Wrong => "auth-secret-wrong",
    };
    w.plain(crate::words::Lang::En, id)
}

/// Where a file stops being readable, without a word of it: the first fatal problem's
/// line, column and rule, from the same check the club's own files go through.
fn stops_at(store: &Store, desk: &Desk, orders: &[u8]) -> Result<Option<replies::Place>> {
    let world = store.current()?.world;
    let lowered = crate::orders::lower(
        "orders.toml",
        orders,
        desk.campaign,
        Some(world.phase),
        desk.words,
        Default::default(),
    );
    Ok(lowered.fatal.first().map(|d| replies::Place {
        line: d.line,
        col: d.col,
        rule: d.rule.clone(),
        kind: crate::orders::problem_kind(orders),
    }))
}

/// The name a reply locates a slip in: the attached file's, or the message's text in
/// the club's language.
fn orders_name(desk: &Desk, club: &Club, m: &Mail) -> String {
    m.orders_name
        .clone()
        .unwrap_or_else(|| desk.words.plain(club.lang, "desk-orders-in-text"))
}

/// The club's own message (its address, its secret): checked, and accepted, refused
/// with its located errors, or found older than the active file.
fn authenticated(
    store: &Store,
    desk: &Desk,
    clubs: &[Club],
    club: &Club,
    orders: &[u8],
    (sender, secret): (&str, &str),
    m: &Mail,
) -> Result<Judged> {
    let current = store.current()?;
    let lookup = |n: &str| store.secret_hash(n).ok().flatten();
    let checked = submission::check(
        &orders_name(desk, club, m),
        orders,
        desk.campaign,
        &current.world,
        clubs,
        Auth::Campaign(&lookup),
        desk.words,
        Some(club.lang),
    );
    let thread = replies::thread(m.envelope);
    let own = replies::Own {
        secret,
        thread: &thread,
        set_aside: m.set_aside,
    };
    let header = match (&checked.header, checked.errors.is_empty()) {
        (Some(h), true) if h.club.as_str() == club.nation => h,
        _ => {
            // The referee's record and the journal keep the reason: never the secret.
            let reason = checked.errors.first().map_or_else(
                || "the order file does not read".into(),
                |d| crate::auth::mask_copies(&format!("{} ({})", d.message, d.rule), secret),
            );
            let active = store.active_file(m.phase, &club.nation)?;
            let counts =
                replies::file_that_counts(desk, club, m.phase, active.as_ref().map(|a| &a.1));
            let reply = replies::refused(desk, club, &checked, m.hash, &own, &counts)?;
            return Ok(Judged {
                authenticated: true,
                ..Judged::rejected(club, reason, Some(sender.to_owned()), reply)
            });
        }
    };
    let (battle_entries, orders_part) = submission::battle_kinds(desk.campaign, &checked.orders);
    // A file of battle results or letters only leaves the club's orders as they are;
    // one that wrote orders carries them, even when every one of them is dropped (the
    // club meant to change its orders: its receipt must not say they stand).
    let carries_orders = !orders_part.orders.is_empty()
        || checked.order_problems > 0
        || (battle_entries.is_empty()
            && checked.letter_entries == 0
            && checked.extension.is_none());
    let battle_entries_none = battle_entries.is_empty();
    let active = store.active_file(&header.phase, &club.nation)?;
    if carries_orders
        && let Some((active_written, file)) = &active
        && older(&m.written_at, active_written)
    {
        let reply = replies::stale(
            desk,
            club,
            replies::Stale {
                phase: &header.phase,
                sha: &checked.sha256,
                written: &m.written_at,
                active_written,
                active: file,
            },
            m.hash,
            &thread,
        )?;
        return Ok(Judged {
            verdict: Verdict::Stale {
                nation: club.nation.clone(),
                active_receipt: file.sha256.clone(),
            },
            sender: Some(sender.to_owned()),
            orders: None,
            settlement: None,
            replies: vec![reply],
            attempt: None,
            authenticated: true,
            letters: Vec::new(),
            extension: None,
        });
    }
    // G3c.3: once the round has stopped at an encounter, its orders are closed.
    let steps = store.steps(&header.phase)?;
    let begun = carries_orders && crate::engine::exchange::round_begun(&steps);
    let carries_orders = carries_orders && !begun;
    let stored = carries_orders.then(|| StoredOrders {
        id: 0,
        phase: header.phase.clone(),
        nation: club.nation.clone(),
        received_at: m.arrived_at.clone(),
        source: format!("mail from {sender}, message {}", &m.hash[..16]),
        sha256: checked.sha256.clone(),
        text: checked.masked.clone(),
        active: true,
    });
    let mut replies_out = Vec::new();
    let mut settlement = None;
    let mut battle_lines = Vec::new();
    if begun {
        let words = desk.words;
        battle_lines.push(crate::t!(
            words,
            club.lang,
            "exchange-round-begun",
            phase = phase_words(desk, &header.phase, club.lang)
        ));
    }
    let (replies, battle_entries): (Vec<_>, Vec<_>) = battle_entries.into_iter().partition(|o| {
        matches!(
            o.kind,
            crate::rules::order::OrderKind::EncounterReply { .. }
        )
    });
    if !battle_entries.is_empty() {
        let mut orders_sent: std::collections::BTreeMap<String, String> = store
            .orders(&header.phase, true)?
            .into_iter()
            .map(|f| (f.nation, f.received_at))
            .collect();
        if carries_orders {
            orders_sent.insert(club.nation.clone(), m.arrived_at.clone());
        }
        let taken = battles::take(store, desk, club, &checked, &battle_entries, orders_sent)?;
        battle_lines = taken.lines;
        replies_out.extend(taken.messages);
        settlement = Some(taken.settlement).filter(|s| !s.is_empty());
    }
    if !replies.is_empty() {
        let (steps, lines) = encounters::take(store, club, &checked.sha256, &replies, desk.words)?;
        battle_lines.extend(lines);
        if !steps.is_empty() {
            settlement
                .get_or_insert_with(crate::storage::Settlement::default)
                .steps
                .extend(steps);
        }
    }
    let posted = letters::take(
        store,
        desk,
        clubs,
        club,
        &checked.letters,
        &letters::Carried {
            phase: m.phase,
            masked: &checked.masked,
            file_name: &orders_name(desk, club, m),
            secret,
            hash: m.hash,
            written_at: &m.written_at,
        },
    )?;
    replies_out.extend(posted.messages);
    let extension = extension::take(store, desk, clubs, club, &checked, &m.arrived_at)?;
    battle_lines.extend(extension.line);
    replies_out.extend(extension.notices);
    let deadline = store.deadline(&header.phase)?;
    let receipt = replies::Receipt {
        checked: &checked,
        phase: &header.phase,
        replaces: active.as_ref().map(|(_, f)| f).filter(|_| carries_orders),
        late: deadline.filter(|d| older(d, &m.arrived_at)),
        arrived: &m.arrived_at,
        battles: &battle_lines,
        orders_kept: !carries_orders,
        letters: &posted.lines,
        letters_only: battle_entries_none
            && (checked.letter_entries > 0 || checked.extension.is_some()),
        orders_sent: carries_orders || active.is_some(),
    };
    let reply = replies::receipt(desk, club, &receipt, m.hash, &own)?;
    replies_out.insert(0, reply);
    Ok(Judged {
        verdict: Verdict::Accepted {
            nation: club.nation.clone(),
            receipt: checked.sha256.clone(),
        },
        sender: Some(sender.to_owned()),
        orders: stored,
        settlement,
        replies: replies_out,
        attempt: None,
        authenticated: true,
        letters: posted.letters,
        extension: extension.granted,
    })
}

/// Whether time `a` is strictly before time `b` (RFC 3339; unreadable times are never
/// before anything).
pub(crate) fn older(a: &str, b: &str) -> bool {
    match (
        chrono::DateTime::parse_from_rfc3339(a),
        chrono::DateTime::parse_from_rfc3339(b),
    ) {
        (Ok(a), Ok(b)) => a < b,
        _ => false,
    }
}

/// When a message was written: its `Date:`, but never later than its arrival (a club
/// whose clock runs fast must not lock its own later files out), in RFC 3339 UTC.
fn written_at(date: Option<i64>, now: &str) -> String {
    let arrival = chrono::DateTime::parse_from_rfc3339(now)
        .map(|t| t.timestamp())
        .unwrap_or_default();
    let at = date.map_or(arrival, |d| d.min(arrival));
    chrono::DateTime::from_timestamp(at, 0)
        .unwrap_or_default()
        .format("%Y-%m-%dT%H:%M:%SZ")
        .to_string()
}

/// A sender address as the referee may see it: control and bidi characters removed,
/// cut to a sane length.
fn clean_address(s: &str) -> String {
    let clean: String = s
        .chars()
        .filter(|c| !c.is_control() && !crate::mail::compose::is_bidi_control(*c))
        .take(MAX_SENDER_CHARS)
        .collect();
    clean.trim().to_owned()
}

/// Returns the club that registered this address (compared without case).
fn club_of_sender<'a>(clubs: &'a [Club], sender: &str) -> Option<&'a Club> {
    let s = sender.trim().to_lowercase();
    clubs
        .iter()
        .find(|c| c.emails.iter().any(|e| e.trim().to_lowercase() == s))
}

/// At the end of a run: one alert per club per phase about the attempts in its name from
/// addresses not its own (the count and the times); one digest a day per club and phase
/// of the mail from its own addresses that was not answered one by one ([`slip`]); and
/// one digest of every attempt to the referee. Returns how many messages were queued. An
/// attempt is covered once; a run cut short before this leaves its attempts to the next
/// run's, and a digest not yet due waits for a run a day after the last.
pub(crate) fn alert_pending(store: &mut Store, desk: &Desk) -> Result<usize> {
    let pending = store.pending_attempts()?;
    if pending.is_empty() {
        return Ok(0);
    }
    let clubs = store.clubs()?;
    let mut messages = Vec::new();
    let (mut alerted, mut digested, mut club_ids) = (Vec::new(), Vec::new(), Vec::new());
    type Groups = std::collections::BTreeMap<(String, String), Vec<crate::storage::Attempt>>;
    let (mut alerts, mut digests): (Groups, Groups) = Default::default();
    for (a, club_told, _) in &pending {
        if *club_told {
            continue;
        }
        let Some(n) = &a.nation else {
            club_ids.push(a.id);
            continue;
        };
        let groups = match a.answer {
            Answered::Digest => &mut digests,
            _ => &mut alerts,
        };
        groups
            .entry((a.phase.clone(), n.clone()))
            .or_default()
            .push(a.clone());
    }
    for ((phase, nation), attempts) in alerts {
        club_ids.extend(attempts.iter().map(|a| a.id));
        let Some(club) = clubs.iter().find(|c| c.nation == nation) else {
            continue;
        };
        if store.club_alerted(&phase, &nation)? || club.emails.is_empty() {
            continue;
        }
        messages.push(replies::club_alert(desk, club, &phase, &attempts)?);
        alerted.push((phase, nation));
    }
    for ((phase, nation), attempts) in digests {
        let club = clubs
            .iter()
            .find(|c| c.nation == nation)
            .filter(|c| !c.emails.is_empty());
        let Some(club) = club else {
            club_ids.extend(attempts.iter().map(|a| a.id));
            continue;
        };
        let due = store
            .club_digested(&phase, &nation)?
            .is_none_or(|last| hours_between(&last, desk.now) >= DIGEST_EVERY_HOURS);
        if !due {
            continue;
        }
        club_ids.extend(attempts.iter().map(|a| a.id));
        messages.push(replies::club_digest(desk, club, &phase, &attempts)?);
        digested.push((phase, nation));
    }
    let for_referee: Vec<_> = pending
        .iter()
        .filter(|(_, _, referee_told)| !referee_told)
        .map(|(a, ..)| a.clone())
        .collect();
    if !desk.config.mail.referee.is_empty() && !for_referee.is_empty() {
        messages.push(replies::digest(desk, &for_referee, &alerted)?);
    }
    let referee_ids: Vec<i64> = for_referee.iter().map(|a| a.id).collect();
    let answered = pending
        .iter()
        .filter(|(_, club_told, referee_told)| *club_told && !referee_told)
        .count();
    let n = messages.len();
    store.settle_attempts(
        crate::storage::Settle {
            referee: &referee_ids,
            clubs: &club_ids,
            alerted: &alerted,
            digested: &digested,
            answered,
            msgs: &messages,
        },
        desk.now,
        desk.command,
    )?;
    Ok(n)
}

/// Whole hours from `a` to `b` (RFC 3339); unreadable times are a day apart, so a
/// digest is never held back by a time that does not read.
fn hours_between(a: &str, b: &str) -> i64 {
    match (
        chrono::DateTime::parse_from_rfc3339(a),
        chrono::DateTime::parse_from_rfc3339(b),
    ) {
        (Ok(a), Ok(b)) => (b - a).num_hours(),
        _ => DIGEST_EVERY_HOURS,
    }
}
