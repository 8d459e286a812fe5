//! What intake sends back: receipts that echo the club's orders, refusals, notices that
//! quote nothing, the clubs' coalesced alerts and the referee's digest. Every sentence
//! comes from the catalogue (`locales/*/intake.ftl`), in the club's language.
//!
//! Which of these may carry the message's own words is decided by [the desk](super):
//! [`receipt`], [`stale`] and [`refused`] answer an authenticated message and may;
//! [`unquoted`], [`club_alert`] and [`digest`] take no text of the message at all (their
//! arguments are numbers, times, codes and hashes), so they cannot repeat a forger's.

use super::Desk;
use crate::error::Result;
use crate::mail::compose::{Draft, compose_reply, mailbox};
use crate::mail::message::{self, Envelope, Unread};
use crate::rules::order::{Order, OrderSet};
use crate::rules::tables::Lang;
use crate::storage::{Attempt, Club, OutMessage, StoredOrders};
use crate::submission::Checked;
use crate::t;
use crate::words::Words;

/// Where a file stops being readable: a place and a kind of problem, no words of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) line: usize,
    pub(crate) col: usize,
    pub(crate) rule: String,
    /// A catalogue id naming the kind of problem (`toml-kind-syntax`…).
    pub(crate) kind: &'static str,
}

/// A reply that quotes nothing of the message it answers.
pub(crate) enum Answer<'a> {
    TooLarge {
        limit: usize,
    },
    NotRead(&'a Unread),
    SecretMissing {
        stops_at: Option<Place>,
    },
    /// A file that does not read, and so cannot be checked against the club's secret.
    Unchecked {
        stops_at: Option<Place>,
    },
    /// A file from the club's address whose secret is not the club's.
    SecretWrong {
        problem: crate::auth::SecretProblem,
    },
}

/// The thread a reply joins: the message's References, then its own Message-ID.
pub(crate) fn thread(env: &Envelope) -> Vec<String> {
    let mut ids = env.references.clone();
    if let Some(id) = &env.message_id {
        ids.retain(|r| r != id);
        ids.push(id.clone());
    }
    ids
}

fn title<'a>(desk: &Desk<'a>, lang: Lang) -> &'a str {
    match lang {
        Lang::It => &desk.campaign.title_it,
        Lang::En => &desk.campaign.title_en,
    }
}

/// A message to a club's registered addresses.
fn to_club(
    desk: &Desk,
    club: &Club,
    kind: &'static str,
    subject_id: &str,
    text: String,
    salt: &str,
    thread: &[String],
) -> Result<OutMessage> {
    let w = desk.words;
    let text = super::plain::with_rules(w, club.lang, &super::plain::labels(w, club.lang, &text));
    let draft = Draft {
        kind,
        phase: None,
        nation: Some(club.nation.clone()),
        to_name: Some(club.name.clone()),
        to: club.emails.clone(),
        subject: format!(
            "[{}] {}",
            title(desk, club.lang),
            w.plain(club.lang, subject_id)
        ),
        text,
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt: salt.to_owned(),
    };
    compose_reply(&draft, &mailbox(&desk.config.mail.from)?, desk.now, thread)
}

/// What an answer to the club's own (authenticated) file says, and what is kept of it.
pub(crate) struct Own<'a> {
    /// The secret as the file carried it: every copy of it is masked in what is sent.
    pub(crate) secret: &'a str,
    pub(crate) thread: &'a [String],
    /// The words around the order file in the message's text, set aside.
    pub(crate) set_aside: crate::mail::message::SetAside,
}

/// An answer to the club's own file: every copy of its secret masked; queued with a
/// copy that leaves out what it quotes of the file (`kept`), which replaces it once
/// delivered, as a welcome's copy does.
fn to_club_own(
    desk: &Desk,
    club: &Club,
    (kind, subject_id): (&'static str, &str),
    (text, kept): (String, String),
    salt: &str,
    own: &Own,
) -> Result<OutMessage> {
    let note = set_aside_note(desk.words, club.lang, own.set_aside);
    let text = crate::auth::mask_copies(&(text + &note), own.secret);
    let mut out = to_club(desk, club, kind, subject_id, text, salt, own.thread)?;
    let kept = crate::auth::mask_copies(&(kept + &note), own.secret);
    let copy = to_club(desk, club, kind, subject_id, kept, salt, own.thread)?;
    let raw = String::from_utf8_lossy(&copy.raw).replace(&copy.message_id, &out.message_id);
    out.redacted = Some(raw.into_bytes());
    Ok(out)
}

/// What the reply says of the words set aside around an order file in the text: how
/// many lines, never what they said; nothing when there were none.
fn set_aside_note(w: &Words, lang: Lang, s: crate::mail::message::SetAside) -> String {
    if s.is_empty() {
        return String::new();
    }
    format!(
        "\n{}\n",
        t!(
            w,
            lang,
            "intake-set-aside",
            before = s.before,
            after = s.after
        )
    )
}

/// A stored time (RFC 3339 UTC) as the club reads its deadlines: in the campaign's zone.
fn in_zone(desk: &Desk, t: &str) -> String {
    match crate::engine::deadline::zone(&desk.campaign.time_zone) {
        Ok(tz) => crate::engine::deadline::display(t, tz),
        Err(_) => t.to_owned(),
    }
}

/// The line that stands, in the stored copy of an answer, for what it quoted of the file.
fn left_out(w: &Words, lang: Lang) -> String {
    format!("{}\n", w.plain(lang, "receipt-kept-copy"))
}

/// A refusal that quotes nothing: no In-Reply-To either, since the Message-ID is the
/// sender's words too. It says when the message reached the mailbox (`arrived`), so a
/// club that sent several can tell which one this is.
pub(crate) fn unquoted(
    desk: &Desk,
    club: &Club,
    answer: Answer,
    (hash, arrived): (&str, &str),
    counts: &str,
) -> Result<OutMessage> {
    let (w, lang) = (desk.words, club.lang);
    // A mail that holds no order file is no refused orders: it may be a question, which
    // the referee reads (a play-test's club read "orders not accepted" as a refusal).
    let subject = match answer {
        Answer::NotRead(crate::mail::message::Unread::NoOrders { .. }) => {
            "intake-subject-no-orders"
        }
        _ => "intake-subject-rejection",
    };
    let text = match answer {
        Answer::TooLarge { limit } => t!(w, lang, "intake-too-large", limit = limit.to_string()),
        Answer::NotRead(unread) => {
            // The catalogue's reasons are clauses (the digest lists them); here one
            // stands as a sentence of its own.
            let mut why = unread_text(w, lang, unread);
            if !why.ends_with('.') {
                why.push('.');
            }
            format!(
                "{}\n\n  {why}\n\n{}",
                w.plain(lang, "intake-not-read"),
                w.plain(lang, "intake-nothing-quoted")
            )
        }
        Answer::SecretMissing { stops_at } => {
            with_place(w, lang, "intake-secret-missing", stops_at)
        }
        Answer::Unchecked { stops_at } => with_place(w, lang, "intake-unchecked", stops_at),
        Answer::SecretWrong { problem } => {
            let id = match problem {
                crate::auth::SecretProblem::Missing => "auth-secret-missing",
                crate::auth::SecretProblem::NotAscii => "auth-secret-not-ascii",
                crate::auth::SecretProblem::Malformed => "auth-secret-malformed",
                crate::auth::SecretProblem::Wrong => "auth-secret-wrong",
            };
            t!(w, lang, "intake-secret-wrong", why = w.plain(lang, id))
        }
    };
    let when = t!(w, lang, "intake-arrived-at", at = in_zone(desk, arrived));
    to_club(
        desk,
        club,
        "rejection",
        subject,
        format!("{text}\n\n{counts}\n\n{when}\n"),
        hash,
        &[],
    )
}

/// Which of the club's files counts for `phase` now that one was not accepted: the
/// active one, or none (a play-test's club could not tell whether its earlier file
/// still stood after a refusal said "nothing was recorded").
pub(crate) fn file_that_counts(
    desk: &Desk,
    club: &Club,
    phase: &str,
    active: Option<&StoredOrders>,
) -> String {
    let (w, lang) = (desk.words, club.lang);
    let named = super::phase_words(desk, phase, lang);
    match active {
        Some(f) => t!(
            w,
            lang,
            "intake-still-active",
            received = in_zone(desk, &f.received_at),
            sha = f.sha256.as_str(),
            phase = named
        ),
        None => t!(w, lang, "intake-none-active", phase = named),
    }
}

/// A fixed message, then where the file stops being readable.
fn with_place(w: &Words, lang: Lang, id: &str, stops_at: Option<Place>) -> String {
    let mut text = w.plain(lang, id);
    if let Some(p) = stops_at {
        text.push_str("\n\n");
        text.push_str(&stops_text(w, lang, &p));
    }
    text
}

/// Where a file stops being readable, in words.
fn stops_text(w: &Words, lang: Lang, p: &Place) -> String {
    let problem = format!("{}, {}", w.plain(lang, p.kind), p.rule);
    t!(
        w,
        lang,
        "intake-stops-at",
        line = p.line as i64,
        col = p.col as i64,
        problem = problem
    )
}

/// The club's own file (authenticated), refused: its located errors, quoting it.
pub(crate) fn refused(
    desk: &Desk,
    club: &Club,
    c: &Checked,
    hash: &str,
    own: &Own,
    counts: &str,
) -> Result<OutMessage> {
    let mut out = desk.words.plain(club.lang, "intake-refused");
    out.push(' ');
    out.push_str(counts);
    out.push_str("\n\n");
    let kept = out.clone() + &left_out(desk.words, club.lang);
    for d in &c.errors {
        out.push_str(&d.render(&c.masked));
        out.push('\n');
    }
    to_club_own(
        desk,
        club,
        ("rejection", "intake-subject-rejection"),
        (out, kept),
        hash,
        own,
    )
}

/// What a receipt says.
pub(crate) struct Receipt<'a> {
    pub(crate) checked: &'a Checked,
    pub(crate) phase: &'a str,
    /// The file this one replaces, if any.
    pub(crate) replaces: Option<&'a StoredOrders>,
    /// The deadline it came after, if it did.
    pub(crate) late: Option<String>,
    /// When it reached the mailbox.
    pub(crate) arrived: &'a str,
    /// Where each battle it sent a result or an order of battle for stands.
    pub(crate) battles: &'a [String],
    /// It carries battle entries only: the club's orders for the phase are unchanged.
    pub(crate) orders_kept: bool,
    /// G5.3: what became of each letter it carries.
    pub(crate) letters: &'a [String],
    /// It carries letters and no order: the club's orders are unchanged.
    pub(crate) letters_only: bool,
    /// The club has an active order file for the phase (sent before this one, or this
    /// one): a file that leaves the orders as they are says whether there are any.
    pub(crate) orders_sent: bool,
}

/// The receipt of an accepted file: its seal, which file it replaces, whether it was
/// late, and every order as understood with its verdict (as njudge echoes orders).
pub(crate) fn receipt(
    desk: &Desk,
    club: &Club,
    r: &Receipt,
    hash: &str,
    own: &Own,
) -> Result<OutMessage> {
    let (w, lang, c) = (desk.words, club.lang, r.checked);
    let shown = |t: &str| in_zone(desk, t);
    let phase = super::phase_words(desk, r.phase, lang);
    let mut out = t!(
        w,
        lang,
        // A file of letters or results alone carries no orders: not "orders received".
        if r.orders_kept {
            "receipt-head-file"
        } else {
            "receipt-head"
        },
        phase = phase.as_str(),
        sha = c.sha256.as_str()
    );
    out.push('\n');
    out.push_str(&match r.replaces {
        _ if r.orders_kept && r.letters_only => t!(
            w,
            lang,
            "receipt-letters-only",
            phase = phase.as_str(),
            sent = r.orders_sent.to_string()
        ),
        // Past the deadline a club without orders can no longer send them in time.
        _ if r.orders_kept => t!(
            w,
            lang,
            "news-receipt-results-only",
            phase = phase.as_str(),
            sent = if !r.orders_sent && r.late.is_some() {
                "passed".to_owned()
            } else {
                r.orders_sent.to_string()
            }
        ),
        Some(old) => t!(
            w,
            lang,
            "receipt-replaces",
            received = shown(&old.received_at),
            old = old.sha256.as_str()
        ),
        None => t!(w, lang, "receipt-first", phase = phase.as_str()),
    });
    out.push('\n');
    // Lateness concerns orders: a file that leaves them as they are (results, letters,
    // an extension) is not one the referee may refuse, and says nothing of it.
    if let Some(deadline) = r.late.as_ref().filter(|_| !r.orders_kept) {
        // Within the deadline's minute, the two times read the same to the minute:
        // both are then given to the second.
        let (mut received, mut due) = (shown(r.arrived), shown(deadline));
        if received == due
            && let Ok(tz) = crate::engine::deadline::zone(&desk.campaign.time_zone)
        {
            received = crate::engine::deadline::display_seconds(r.arrived, tz);
            due = crate::engine::deadline::display_seconds(deadline, tz);
        }
        // With no grace the service resolves the phase in the pass that reads a late
        // file: no promise of a refusal that has no time to come (a play-test).
        let run = &desk.config.run;
        let no_grace =
            run.grace_minutes == 0 && run.resolve == crate::mail::config::ResolveMode::Auto;
        out.push_str(&t!(
            w,
            lang,
            if no_grace {
                "receipt-late-no-grace"
            } else {
                "receipt-late"
            },
            received = received,
            deadline = due
        ));
        out.push('\n');
    }
    out.push('\n');
    let mut kept = out.clone() + &left_out(w, lang);
    if !(r.letters_only && c.orders.orders.is_empty()) {
        out.push_str(&echo(
            w,
            lang,
            c,
            (&club.nation, r.phase, r.orders_kept),
            desk.campaign,
        ));
    }
    if !r.battles.is_empty() {
        let mut lines = String::from("\n");
        for line in r.battles {
            lines.push_str(line);
            lines.push('\n');
        }
        out.push_str(&lines);
        kept.push_str(&lines);
    }
    if !r.letters.is_empty() {
        let mut lines = format!("\n{}\n", w.plain(lang, "receipt-letters"));
        for line in r.letters {
            lines.push_str(&format!("  {line}\n"));
        }
        out.push_str(&lines);
        kept.push_str(&lines);
    }
    let dropped = c.rejected.len().saturating_sub(c.refused.len());
    if dropped > 0 {
        out.push('\n');
        out.push_str(&w.plain(lang, "receipt-dropped"));
        out.push_str("\n\n");
        for d in &c.rejected[..dropped] {
            out.push_str(&d.render(&c.masked));
            out.push('\n');
        }
        // A file with parts left out holds an early resolution (`engine::goes_early`):
        // a play-test's club was not told, nor that a new file would free it.
        if desk.config.run.early && r.late.is_none() {
            out.push('\n');
            out.push_str(&w.plain(lang, "receipt-dropped-early"));
            out.push('\n');
        }
    }
    // What the club should know that does not make the file invalid (a bribe short of
    // a step, an order judged from where a pending battle may change): as `orders check`
    // says it, so a club that only mails its file hears it too.
    if !c.warnings.is_empty() {
        out.push('\n');
        out.push_str(&w.plain(lang, "receipt-warnings"));
        out.push_str("\n\n");
        for d in &c.warnings {
            out.push_str(&d.render_warning(&c.masked));
            out.push('\n');
        }
    }
    to_club_own(
        desk,
        club,
        (
            "receipt",
            // A file that leaves the orders as they are is no "orders received".
            if r.orders_kept {
                "intake-subject-receipt-file"
            } else {
                "intake-subject-receipt"
            },
        ),
        (out, kept),
        hash,
        own,
    )
}

/// Every order of the file as understood, numbered, with its verdict, and how many
/// parts are left out (listed further on, each with why): an order that does not read
/// has no number, but the club must not read its file as holding no such order.
fn echo(
    w: &Words,
    lang: Lang,
    c: &Checked,
    (nation, phase, kept): (&str, &str, bool),
    campaign: &crate::rules::Campaign,
) -> String {
    let dropped = c.rejected.len().saturating_sub(c.refused.len());
    if c.orders.orders.is_empty() {
        return format!("{}\n", t!(w, lang, "receipt-no-orders", dropped = dropped));
    }
    // A file that keeps the orders (results, letters, a request for time) holds no
    // orders: its items are not headed "your orders" (a play-test's results were).
    let head = if kept {
        "receipt-items"
    } else {
        "receipt-orders"
    };
    let mut out = format!("{}\n\n", t!(w, lang, head, dropped = dropped));
    for o in &c.orders.orders {
        let verdict = match c.refused.get(&o.at.seq) {
            Some((rule, reason)) => t!(
                w,
                lang,
                "receipt-order-rejected",
                reason = format!("{reason} ({rule})")
            ),
            // An order the notes below speak of says so: a play-test's club read "valid"
            // above "this declaration makes nothing" and took the first for the truth.
            None if c.rules_checked && noted(c, o) => w.plain(lang, "receipt-order-valid-noted"),
            None if c.rules_checked => w.plain(lang, "receipt-order-valid"),
            None => w.plain(lang, "receipt-order-read"),
        };
        // A file's `alliances` list is one line that gives an order per nation: each is
        // echoed as the declaration it is (a play-test's receipt showed two lines the
        // file never had, `alliances = ["V"]` and `alliances = ["T"]`).
        let said: Vec<String> = match &o.kind {
            crate::rules::order::OrderKind::Alliance { with } => {
                vec![t!(w, lang, "receipt-alliance", with = with.as_str())]
            }
            _ => understood(nation, phase, o)
                .split("; ")
                .map(|s| super::plain::named_segment(w, lang, s))
                .collect(),
        };
        let places = places_named(campaign, lang, &said.join("; "));
        out.push_str(&format!(
            "{:>3}. {}{places}\n     -> {verdict}\n",
            o.at.seq,
            said.join("; ")
        ));
    }
    out
}

/// Whether a warning of the file stands within the order's lines.
fn noted(c: &Checked, o: &crate::rules::order::Order) -> bool {
    c.warnings.iter().any(|d| {
        d.span
            .as_ref()
            .is_some_and(|s| s.start >= o.at.start && s.start < o.at.end.max(o.at.start + 1))
    })
}

/// The names of the places and nations an echoed order writes by their codes, in the
/// order it writes them, each once (` (V0 Venezia, ADN Golfo di Venezia, M Ducato di
/// Milano)`): the file names a place or a nation (a battle result's winner, its losses)
/// by its code, the club knows it by its name. Empty when it names none.
fn places_named(c: &crate::rules::Campaign, lang: Lang, echoed: &str) -> String {
    let mut seen: Vec<String> = Vec::new();
    // An id that holds a place code (`V-F1`, fleet 1 of Venice, beside node F1 Pisa)
    // is one word: only a code standing alone names a place.
    let words = echoed
        .split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-' || ch == '_'))
        .map(|w| w.trim_matches('-'));
    for word in words {
        let place = c.place_name_in(word, lang);
        let name = if place == word {
            c.nation_name(word, lang)
        } else {
            place
        };
        let said = format!("{word} {name}");
        if !word.is_empty() && name != word && !seen.contains(&said) {
            seen.push(said);
        }
    }
    if seen.is_empty() {
        String::new()
    } else {
        format!(" ({})", seen.join(", "))
    }
}

/// One order written back as the file format says it, on one line:
/// `raise: node = "V0", value = 100`.
fn understood(nation: &str, phase: &str, o: &Order) -> String {
    let one = OrderSet {
        orders: vec![o.clone()],
    };
    let text = crate::orders::unparse(nation, phase, None, &one);
    let mut segments: Vec<String> = Vec::new();
    let mut current: Option<(String, Vec<String>)> = None;
    for line in text
        .lines()
        .skip(2)
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        if let Some(name) = line.strip_prefix("[[").and_then(|l| l.strip_suffix("]]")) {
            if let Some((n, fields)) = current.take() {
                segments.push(format!("{n}: {}", fields.join(", ")));
            }
            current = Some((name.to_owned(), Vec::new()));
        } else if let Some((_, fields)) = &mut current {
            fields.push(line.to_owned());
        } else {
            segments.push(line.to_owned());
        }
    }
    if let Some((n, fields)) = current {
        segments.push(format!("{n}: {}", fields.join(", ")));
    }
    segments.join("; ")
}

/// What a stale-copy notice says.
pub(crate) struct Stale<'a> {
    pub(crate) phase: &'a str,
    pub(crate) sha: &'a str,
    pub(crate) written: &'a str,
    pub(crate) active_written: &'a str,
    pub(crate) active: &'a StoredOrders,
}

/// An authenticated file written before the active one: not applied, and which file
/// stays active.
pub(crate) fn stale(
    desk: &Desk,
    club: &Club,
    s: Stale,
    hash: &str,
    thread: &[String],
) -> Result<OutMessage> {
    let (w, lang) = (desk.words, club.lang);
    let shown = |t: &str| in_zone(desk, t);
    let text = format!(
        "{}\n\n{}\n",
        t!(
            w,
            lang,
            "receipt-stale",
            phase = super::phase_words(desk, s.phase, lang),
            sha = s.sha,
            written = shown(s.written),
            active_written = shown(s.active_written)
        ),
        t!(
            w,
            lang,
            "receipt-active",
            phase = super::phase_words(desk, s.phase, lang),
            received = shown(&s.active.received_at),
            active = s.active.sha256.as_str()
        )
    );
    to_club(
        desk,
        club,
        "receipt",
        "intake-subject-stale",
        text,
        hash,
        thread,
    )
}

/// Most arrival times listed in one alert.
const MAX_TIMES: usize = 20;

/// The times of some attempts, at most [`MAX_TIMES`] of them, then how many more.
fn times(desk: &Desk, lang: Lang, attempts: &[Attempt]) -> String {
    let w = desk.words;
    let mut list: Vec<String> = attempts
        .iter()
        .take(MAX_TIMES)
        .map(|a| in_zone(desk, &a.received_at))
        .collect();
    if attempts.len() > MAX_TIMES {
        list.push(t!(
            w,
            lang,
            "alert-more",
            count = (attempts.len() - MAX_TIMES) as i64
        ));
    }
    list.join(", ")
}

/// The message for one attempt, or for several: "when it arrived", "when they arrived".
fn one_or(attempts: &[Attempt], one: &'static str, many: &'static str) -> &'static str {
    if attempts.len() == 1 { one } else { many }
}

/// The reason codes of attempts, in words, each once.
fn reasons(w: &Words, lang: Lang, attempts: &[Attempt]) -> String {
    let mut codes: Vec<&str> = attempts.iter().map(|a| a.reason.as_str()).collect();
    codes.sort_unstable();
    codes.dedup();
    codes
        .iter()
        .map(|c| reason_words(w, lang, c))
        .collect::<Vec<_>>()
        .join("; ")
}

fn reason_words(w: &Words, lang: Lang, code: &str) -> String {
    let id = match code {
        "not-its-address" => "alert-reason-not-its-address",
        "not-its-address-secret" => "alert-reason-not-its-address-secret",
        "bad-secret" => "alert-reason-bad-secret",
        "no-sender" => "alert-reason-no-sender",
        "stranger" => "alert-reason-stranger",
        "no-orders" => "alert-reason-no-orders",
        "too-large" => "alert-reason-too-large",
        "no-secret" => "alert-reason-no-secret",
        "not-read" => "alert-reason-not-read",
        _ => "alert-reason-unreadable",
    };
    w.plain(lang, id)
}

/// A reason code in the referee's words: the club is named, not addressed.
fn referee_reason_words(w: &Words, lang: Lang, code: &str) -> String {
    match code {
        "not-its-address" => w.plain(lang, "digest-reason-not-its-address"),
        "not-its-address-secret" => w.plain(lang, "digest-reason-not-its-address-secret"),
        _ => reason_words(w, lang, code),
    }
}

/// The one alert a club gets about the attempts in its name during a phase.
pub(crate) fn club_alert(
    desk: &Desk,
    club: &Club,
    phase: &str,
    attempts: &[Attempt],
) -> Result<OutMessage> {
    let (w, lang) = (desk.words, club.lang);
    let text = format!(
        "{}\n\n{}\n{}\n\n{}\n",
        t!(
            w,
            lang,
            "alert-club",
            count = attempts.len() as i64,
            phase = super::phase_words(desk, phase, lang)
        ),
        t!(
            w,
            lang,
            one_or(attempts, "alert-time-one", "alert-times"),
            times = times(desk, lang, attempts)
        ),
        t!(w, lang, "alert-why", reasons = reasons(w, lang, attempts)),
        w.plain(lang, one_or(attempts, "alert-advice-one", "alert-advice")),
    );
    let salt: Vec<String> = attempts.iter().map(|a| a.id.to_string()).collect();
    to_club(
        desk,
        club,
        "alert",
        "intake-subject-alert",
        text,
        &salt.join(","),
        &[],
    )
}

/// The club's digest, at most once a day for a phase, of the mail from its addresses that
/// was not answered one by one: the count, the times, why, and how to be answered again.
pub(crate) fn club_digest(
    desk: &Desk,
    club: &Club,
    phase: &str,
    attempts: &[Attempt],
) -> Result<OutMessage> {
    let (w, lang) = (desk.words, club.lang);
    let text = format!(
        "{}\n\n{}\n{}\n\n{}\n",
        t!(
            w,
            lang,
            "digest-club",
            count = attempts.len() as i64,
            phase = super::phase_words(desk, phase, lang),
            first = super::FIRST_REPLIES as i64
        ),
        t!(
            w,
            lang,
            one_or(attempts, "alert-time-one", "alert-times"),
            times = times(desk, lang, attempts)
        ),
        t!(w, lang, "alert-why", reasons = reasons(w, lang, attempts)),
        w.plain(
            lang,
            one_or(attempts, "digest-club-advice-one", "digest-club-advice")
        ),
    );
    let salt: Vec<String> = attempts.iter().map(|a| a.id.to_string()).collect();
    to_club(
        desk,
        club,
        "alert",
        "intake-subject-club-digest",
        text,
        &salt.join(","),
        &[],
    )
}

/// The referee's digest of every attempt not yet reported: time, the club claimed, the
/// sender address (cleaned) and why, nothing of any subject or body.
pub(crate) fn digest(
    desk: &Desk,
    attempts: &[Attempt],
    alerted: &[(String, String)],
) -> Result<OutMessage> {
    let (w, lang) = (desk.words, desk.config.mail.referee_lang);
    let mut text = format!(
        "{}\n\n",
        w.plain(lang, one_or(attempts, "digest-head-one", "digest-head"))
    );
    for a in attempts {
        text.push_str(&t!(
            w,
            lang,
            "digest-line",
            time = in_zone(desk, &a.received_at),
            club = a.nation.as_deref().unwrap_or("-"),
            sender = a.sender.as_deref().unwrap_or("-"),
            reason = referee_reason_words(w, lang, &a.reason)
        ));
        text.push('\n');
        // A club's question is found by where it was read from (a play-test's referee
        // opened the mailbox's files one by one).
        if let (true, Some(source)) = (a.reason == "no-orders", &a.source) {
            text.push_str(&t!(w, lang, "digest-line-source", source = source.as_str()));
            text.push('\n');
        }
    }
    // A club's message with no order file may be a question (a play-test's club asked
    // one and nobody read it): the referee is told where it still is.
    if attempts
        .iter()
        .any(|a| a.reason == "no-orders" && a.nation.is_some())
    {
        text.push('\n');
        text.push_str(&w.plain(lang, "digest-no-orders-kept"));
        text.push('\n');
    }
    if !alerted.is_empty() {
        let clubs: Vec<String> = alerted.iter().map(|(p, n)| format!("{n} ({p})")).collect();
        text.push('\n');
        text.push_str(&t!(w, lang, "digest-clubs-told", clubs = clubs.join(", ")));
        text.push('\n');
    }
    let salt: Vec<String> = attempts.iter().map(|a| a.id.to_string()).collect();
    let draft = Draft {
        kind: "alert",
        phase: None,
        nation: None,
        to_name: None,
        to: desk.config.mail.referee.clone(),
        subject: format!(
            "[{}] {}",
            desk.campaign.title_en,
            t!(
                w,
                lang,
                "intake-subject-digest",
                count = attempts.len() as i64
            )
        ),
        text,
        html: None,
        inline_png: None,
        files: Vec::new(),
        salt: salt.join(","),
    };
    compose_reply(&draft, &mailbox(&desk.config.mail.from)?, desk.now, &[])
}

/// Why a message could not be read, in `lang`, with what the club can do about it.
pub(crate) fn unread_text(w: &Words, lang: Lang, unread: &Unread) -> String {
    let l = lang;
    match unread {
        Unread::NoOrders { attachments } => {
            t!(w, l, "unread-no-orders", attachments = *attachments as i64)
        }
        Unread::Compressed => w.plain(l, "unread-compressed"),
        Unread::Nul { at } => t!(w, l, "unread-nul", at = *at as i64),
        Unread::HeaderLine { bytes } => t!(
            w,
            l,
            "unread-header-line",
            bytes = *bytes as i64,
            max = message::MAX_HEADER_LINE as i64
        ),
        Unread::HeadersNotUtf8 => w.plain(l, "unread-headers-not-utf8"),
        Unread::Depth { depth } => t!(
            w,
            l,
            "unread-depth",
            depth = *depth as i64,
            max = message::MAX_MIME_DEPTH as i64
        ),
        Unread::Parts { parts, max } => {
            t!(
                w,
                l,
                "unread-parts",
                parts = *parts as i64,
                max = *max as i64
            )
        }
        Unread::SeveralFiles { files } => {
            t!(w, l, "unread-several-files", files = *files as i64)
        }
        Unread::TooLarge { bytes } => t!(
            w,
            l,
            "unread-too-large",
            bytes = *bytes as i64,
            max = message::MAX_ORDERS_BYTES as i64
        ),
        Unread::BadCharset => w.plain(l, "unread-bad-charset"),
        Unread::Bidi { code } => t!(w, l, "unread-bidi", code = format!("U+{code:04X}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reason_is_told_in_italian_and_in_english() {
        let w = Words::load(None).expect("catalogue");
        let all = [
            Unread::Nul { at: 7 },
            Unread::HeaderLine { bytes: 2000 },
            Unread::HeadersNotUtf8,
            Unread::Depth { depth: 9 },
            Unread::Parts { parts: 40, max: 32 },
            Unread::SeveralFiles { files: 2 },
            Unread::NoOrders { attachments: 0 },
            Unread::NoOrders { attachments: 2 },
            Unread::Compressed,
            Unread::TooLarge { bytes: 300_000 },
            Unread::BadCharset,
            Unread::Bidi { code: 0x202e },
        ];
        for u in &all {
            let (it, en) = (unread_text(&w, Lang::It, u), unread_text(&w, Lang::En, u));
            // No English left in the Italian words.
            for word in [" the ", " is ", " are ", " at most ", "message", " order "] {
                assert!(!it.contains(word), "{u:?}: `{word}` in `{it}`");
            }
            assert_ne!(it, en);
        }
        let texts: std::collections::BTreeSet<_> =
            all.iter().map(|u| unread_text(&w, Lang::It, u)).collect();
        assert_eq!(texts.len(), all.len(), "each reason has its own words");
    }

    /// A play-test read "fleet = \"V-F1\", to = \"ADN\" (F1 Pisa, ADN Golfo di
    /// Venezia)": the place code inside a piece's id named a place.
    #[test]
    fn the_echo_names_places_not_the_codes_inside_ids() {
        let source = crate::scenario::Source::builtin("il-giglio").expect("built in");
        let c = crate::scenario::load(&source).expect("the shipped campaign");
        let said = places_named(
            &c,
            Lang::It,
            r#"fleet_move: fleet = "V-F1", to = "ADN"; move: piece = "V-A2", path = "V8 -> F7""#,
        );
        assert!(!said.contains("F1 Pisa") && !said.contains("A2"), "{said}");
        assert!(
            said.contains("ADN ") && said.contains("V8 ") && said.contains("F7 "),
            "{said}"
        );
        // A battle result writes nations by their codes: a play-test read "vince M;
        // perdite: M 40" and had to look the code up.
        let said = places_named(
            &c,
            Lang::En,
            r#"battle_result: battle = "1494-r03-M5", winner = "M", losses = { M = 40, V = 10 }"#,
        );
        assert!(
            said.contains("M Duchy of Milan") && said.contains("V Republic of Venice"),
            "{said}"
        );
        assert!(!said.contains("M5"), "a node inside a battle's id: {said}");
        // A sea zone in the club's language (a play-test's English receipt read "ADS
        // Adriatico meridionale").
        let echoed = r#"fleet_move: fleet = "T-F1", to = "ADS""#;
        assert_eq!(
            places_named(&c, Lang::En, echoed),
            " (ADS Southern Adriatic)"
        );
        assert_eq!(
            places_named(&c, Lang::It, echoed),
            " (ADS Adriatico meridionale)"
        );
    }
}
