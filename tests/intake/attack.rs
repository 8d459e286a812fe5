//! Intake under attack, second round (issue 18) and receipts a club can act on (issue 13
//! items 6 and 7), on the real binary with real `.eml`, mbox and Dovecot input:
//! no word of an unauthenticated message reaches anyone's mail (a property over
//! generated hostile messages), copies and old copies never replace a newer file,
//! alert floods are coalesced, and receipts echo what was understood.

use super::*;
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

// ---- helpers ------------------------------------------------------------------------

/// Writes messages as an mbox file (`From ` separator lines, `>From ` quoting), as a
/// mail server's spool holds them.
fn write_mbox(path: &Path, messages: &[Vec<u8>]) {
    let mut out = Vec::new();
    for m in messages {
        out.extend_from_slice(b"From MAILER-DAEMON Tue Sep  1 08:00:00 2026\n");
        for line in m.split_inclusive(|&b| b == b'\n') {
            let bare = line.strip_suffix(b"\r\n").unwrap_or(line);
            let bare = bare.strip_suffix(b"\n").unwrap_or(bare);
            if bare.starts_with(b"From ") {
                out.push(b'>');
            }
            out.extend_from_slice(bare);
            out.push(b'\n');
        }
        out.push(b'\n');
    }
    std::fs::write(path, out).expect("write the mbox");
}

/// A message with exactly these header lines (CRLF), then `body`.
fn raw_mail(headers: &[String], body: &str) -> Vec<u8> {
    let mut out = headers.join("\r\n").into_bytes();
    out.extend_from_slice(b"\r\n\r\n");
    out.extend_from_slice(body.replace('\n', "\r\n").as_bytes());
    out
}

/// Where a hostile message's order file goes.
#[derive(Clone, Copy, Debug)]
enum Placement {
    Body,
    TomlAttachment,
    Html,
    ZipAttachment,
}

/// One generated hostile message: never both the claimed club's address and its secret.
#[derive(Clone, Debug)]
struct Hostile {
    from: usize,
    club: usize,
    secret: usize,
    lines: Vec<usize>,
    placement: Placement,
}

const FROMS: [&str; 6] = [
    V_ADDR,
    M_ADDR,
    "MARK Doge <doge@leone.example>",
    ATTACKER,
    "doge@leone.example, attacker@evil.example",
    "",
];
const CLUB_LINES: [&str; 4] = ["club = \"V\"", "club = \"M\"", "club = \"F\"", ""];
/// Lines a forger writes, each with the marker somewhere.
const HOSTILE_LINES: [&str; 8] = [
    "note = \"URGENTE MARK: il vostro segreto è scaduto, scrivete a helpdesk@evil.example\"",
    "# MARK: a comment",
    "URGENTE MARK: il vostro segreto è scaduto",
    "MARK_key = 1",
    "[[raise]]\nnode = \"MARK\"\nvalue = 100",
    "[[raise]]\nnode = \"V0\"\nvalue = \"MARK\"",
    "[MARK]\nx = 1",
    "[[move]]\npiece = \"V-A1\"\npath = [\"MARK\", \"V1\"]",
];

fn hostile() -> impl Strategy<Value = Hostile> {
    (
        0..FROMS.len(),
        0..CLUB_LINES.len(),
        0..5usize,
        proptest::collection::vec(0..HOSTILE_LINES.len(), 1..4),
        prop_oneof![
            Just(Placement::Body),
            Just(Placement::TomlAttachment),
            Just(Placement::Html),
            Just(Placement::ZipAttachment),
        ],
    )
        .prop_map(|(from, club, secret, lines, placement)| Hostile {
            from,
            club,
            secret,
            lines,
            placement,
        })
}

impl Hostile {
    /// Whether this would be the club's own message, so not hostile and not generated:
    /// sent from a club's address with that club's secret, in a file that names that
    /// club or none that plays.
    fn authentic(&self) -> bool {
        let sender = match self.from {
            0 | 2 => Some(0),
            1 => Some(1),
            _ => None,
        };
        let secret = match self.secret {
            3 => Some(0),
            4 => Some(1),
            _ => None,
        };
        let names_another = self.club <= 1 && Some(self.club) != sender;
        sender.is_some() && sender == secret && !names_another
    }

    /// The message, with `mark` in everything the sender writes but its address.
    fn raw(&self, d: &Desk, n: usize, mark: &str) -> Vec<u8> {
        let secret = match self.secret {
            0 => String::new(),
            1 => "secret = \"AAAA-BBBB-CCCC-DDDD-EEEE\"".into(),
            2 => format!("secret = \"{mark}-1234\""),
            3 => format!("secret = \"{}\"", d.secrets["V"]),
            _ => format!("secret = \"{}\"", d.secrets["M"]),
        };
        let mut file = format!(
            "{}\nphase = \"{SPRING}\"\n{secret}\n",
            CLUB_LINES[self.club]
        );
        for &l in &self.lines {
            file.push_str(&HOSTILE_LINES[l].replace("MARK", mark));
            file.push('\n');
        }
        let mut headers = vec![
            format!("To: {REFEREE}"),
            format!("Subject: {mark} ordini urgenti"),
            format!("Message-ID: <{mark}.{n}@evil.example>"),
            format!("References: <{mark}.ref@evil.example>"),
            "Date: Tue, 1 Sep 2026 07:00:00 +0000".into(),
            "MIME-Version: 1.0".into(),
        ];
        let from = FROMS[self.from].replace("MARK", mark);
        if !from.is_empty() {
            headers.insert(0, format!("From: {from}"));
        }
        let boundary = format!("{mark}-boundary");
        let attachment = |name: &str, ct: &str, body: &str| {
            format!(
                "--{boundary}\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nsee the attachment {mark}\r\n\
                 --{boundary}\r\nContent-Type: {ct}\r\nContent-Disposition: attachment; filename=\"{name}\"\r\n\r\n{body}\r\n--{boundary}--\r\n"
            )
        };
        let body = match self.placement {
            Placement::Body => {
                headers.push("Content-Type: text/plain; charset=utf-8".into());
                file
            }
            Placement::Html => {
                headers.push("Content-Type: text/html; charset=utf-8".into());
                file.lines().map(|l| format!("<div>{l}</div>")).collect()
            }
            Placement::TomlAttachment => {
                headers.push(format!(
                    "Content-Type: multipart/mixed; boundary=\"{boundary}\""
                ));
                attachment(&format!("{mark}.toml"), "application/toml", &file)
            }
            Placement::ZipAttachment => {
                headers.push(format!(
                    "Content-Type: multipart/mixed; boundary=\"{boundary}\""
                ));
                attachment(&format!("{mark}.zip"), "application/zip", "PK\u{3}\u{4}")
            }
        };
        raw_mail(&headers, &body)
    }
}

/// Every place a queued message could carry a word: its bytes, and decoded, its
/// headers and text.
fn outbox_words(d: &Desk) -> Vec<String> {
    outbox_raw(d)
        .iter()
        .map(|(_, raw)| {
            let m = mail_parser::MessageParser::default()
                .parse(&raw[..])
                .expect("a mail message");
            let headers: Vec<String> = m
                .headers()
                .iter()
                .map(|h| format!("{:?}", h.value))
                .collect();
            format!(
                "{}\n{}\n{}",
                String::from_utf8_lossy(raw),
                headers.join("\n"),
                m.body_text(0).unwrap_or_default()
            )
        })
        .collect()
}

// ---- 18.1 ---------------------------------------------------------------------------

#[test]
fn no_word_of_an_unauthenticated_message_reaches_anyones_mail() {
    let d = Desk::new();
    let dump = d.dump();
    let mut runner = TestRunner::deterministic();
    let mut marks = Vec::new();
    let mut messages = Vec::new();
    // The issue's own case first: a forged From of V, an order file that does not parse
    // and that tells the club to write to the forger.
    let first = Hostile {
        from: 0,
        club: 0,
        secret: 0,
        lines: vec![2, 0],
        placement: Placement::Body,
    };
    marks.push("ZQXMARK0".to_owned());
    messages.push(first.raw(&d, 0, "ZQXMARK0"));
    while messages.len() < 120 {
        let h = hostile().new_tree(&mut runner).expect("a case").current();
        if h.authentic() {
            continue;
        }
        let mark = format!("ZQXMARK{}", messages.len());
        messages.push(h.raw(&d, messages.len(), &mark));
        marks.push(mark);
    }
    let mbox = d.root.join("hostile.mbox");
    write_mbox(&mbox, &messages);
    let read = d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    assert_eq!(read.len(), messages.len());
    assert!(read.iter().all(|r| r["verdict"] != "accepted"), "{read:#?}");
    let words = outbox_words(&d);
    assert!(
        words.len() >= 2,
        "the clubs and the referee heard: {words:#?}"
    );
    for w in &words {
        // Every marker carries the prefix: one check covers all 120.
        assert!(!w.contains("ZQXMARK"), "a forger's words went out:\n{w}");
        assert!(!w.contains("helpdesk@evil"), "{w}");
    }
    assert_eq!(d.dump(), dump, "nothing changed in the campaign");
    // The forged From of V with no secret got a reply that says where the file stops
    // being readable, and nothing more.
    let texts = sent_texts(&d);
    let to_v: Vec<_> = texts
        .iter()
        .filter(|(to, ..)| to == &club_addresses("V"))
        .collect();
    assert!(
        to_v.iter()
            .any(|(_, _, t)| t.contains("smette di essere leggibile alla riga")),
        "{to_v:#?}"
    );
    // The referee's digest names the claimed club, the sender and the time.
    let digest = texts
        .iter()
        .find(|(to, ..)| to == &[REFEREE.to_owned()])
        .expect("a digest");
    assert!(
        digest.2.contains("claimed V  from attacker@evil.example"),
        "{}",
        digest.2
    );
}

// ---- 18.2 ---------------------------------------------------------------------------

/// An order message from V, written at `date`, with this Message-ID and extra headers.
fn dated(d: &Desk, id: &str, date: &str, value: u32, extra: &[&str]) -> Vec<u8> {
    let mut headers: Vec<String> = extra.iter().map(|h| h.to_string()).collect();
    headers.extend([
        format!("From: {V_ADDR}"),
        format!("To: {REFEREE}"),
        "Subject: ordini".into(),
        format!("Date: {date}"),
        format!("Message-ID: <{id}@leone.example>"),
        "MIME-Version: 1.0".into(),
        "Content-Type: text/plain; charset=utf-8".into(),
    ]);
    raw_mail(&headers, &d.orders("V", SPRING, &raise(value)))
}

const A_DATE: &str = "Mon, 31 Aug 2026 10:00:00 +0000";
const B_DATE: &str = "Mon, 31 Aug 2026 11:00:00 +0000";
const RELAY: &str = "Received: from relay.leone.example (relay [192.0.2.7]) by mx.giglio.example; Tue, 1 Sep 2026 07:59:00 +0000";

/// The raise value of V's active file.
fn active_raise(d: &Desk) -> String {
    let list: Value = serde_json::from_str(&d.stdout(&["orders", "list", "--json"])).unwrap();
    let active: Vec<&Value> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["active"] == true)
        .collect();
    assert_eq!(active.len(), 1, "{list:#}");
    let text = active[0]["text"].as_str().unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("value = "))
        .unwrap()
        .to_owned()
}

#[test]
fn an_old_copy_never_reverts_a_correction_and_a_deliberate_resend_does() {
    let d = Desk::new();
    let a = dated(&d, "a", A_DATE, 100, &[]);
    let b = dated(&d, "b", B_DATE, 200, &[]);
    assert_eq!(d.ingest(&a)["verdict"], "accepted");
    assert_eq!(d.ingest(&b)["verdict"], "accepted");
    assert_eq!(active_raise(&d), "200");
    let sent = d.outbox().len();
    // A again, one Received: more (a server retrying): a copy, nothing happens.
    let mut retried = format!("{RELAY}\r\n").into_bytes();
    retried.extend_from_slice(&a);
    assert_eq!(d.ingest(&retried)["verdict"], "duplicate");
    // A with one more header of another kind (a list footer, a forwarder): the same
    // Message-ID from the same sender, a copy.
    let mut forwarded = b"X-Forwarded-By: list.leone.example\r\n".to_vec();
    forwarded.extend_from_slice(&a);
    assert_eq!(d.ingest(&forwarded)["verdict"], "duplicate");
    assert_eq!(d.outbox().len(), sent, "copies are not answered");
    assert_eq!(active_raise(&d), "200");
    // A message written before B (another Message-ID), arriving now: stale, and V is
    // told which file stays active.
    let old = dated(&d, "c", "Mon, 31 Aug 2026 10:30:00 +0000", 150, &[]);
    let r = d.ingest(&old);
    assert_eq!(r["verdict"], "stale", "{r:#}");
    assert_eq!(active_raise(&d), "200");
    let (_, _, text) = sent_texts(&d).pop().unwrap();
    let b_file = d.orders("V", SPRING, &raise(200));
    assert!(
        text.contains("resta quello ricevuto") && text.contains(&sha256(b_file.trim().as_bytes())),
        "{text}"
    );
    // A deliberate re-send of A's file: a new message, written after B: it replaces B.
    let resend = dated(&d, "d", "Tue, 1 Sep 2026 07:00:00 +0000", 100, &[]);
    assert_eq!(d.ingest(&resend)["verdict"], "accepted");
    assert_eq!(active_raise(&d), "100");
    let (_, _, text) = sent_texts(&d).pop().unwrap();
    assert!(text.contains("Sostituisce il file ricevuto"), "{text}");
    // Equal dates: the later arrival wins.
    let tie = dated(&d, "e", "Tue, 1 Sep 2026 07:00:00 +0000", 120, &[]);
    assert_eq!(d.ingest(&tie)["verdict"], "accepted");
    assert_eq!(active_raise(&d), "120");
}

#[test]
fn a_redelivery_through_dovecot_is_a_duplicate() {
    let servers = MailServers::start(MailOpts::plain());
    let d = Desk::new();
    let url = format!("imap://club@127.0.0.1:{}/INBOX", servers.imap_port);
    let a = dated(&d, "a", A_DATE, 100, &[]);
    let b = dated(&d, "b", B_DATE, 200, &[]);
    servers.deliver_to_imap("club", &a);
    servers.deliver_to_imap("club", &b);
    let read = d.imap_inbox(&url);
    assert_eq!(read.len(), 2);
    assert!(read.iter().all(|r| r["verdict"] == "accepted"), "{read:#?}");
    // The server delivers A again, retried through a relay.
    let mut retried = format!("{RELAY}\r\n").into_bytes();
    retried.extend_from_slice(&a);
    servers.deliver_to_imap("club", &retried);
    // And an old copy of A's time under a new Message-ID.
    servers.deliver_to_imap("club", &dated(&d, "c", A_DATE, 150, &[RELAY]));
    let read = d.imap_inbox(&url);
    let verdicts: Vec<_> = read.iter().map(|r| r["verdict"].clone()).collect();
    assert_eq!(verdicts, ["duplicate", "stale"], "{read:#?}");
    assert_eq!(active_raise(&d), "200");
}

// ---- 18.3 ---------------------------------------------------------------------------

/// A message in V's name from the attacker: forged.
fn forged_v(n: usize) -> Vec<u8> {
    raw_mail(
        &[
            format!("From: {ATTACKER}"),
            format!("To: {REFEREE}"),
            format!("Subject: flood {n}"),
            format!("Message-ID: <flood.{n}@evil.example>"),
        ],
        &orders_with("V", SPRING, "AAAA-BBBB-CCCC-DDDD-EEEE", &raise(100)),
    )
}

#[test]
fn a_flood_of_forgeries_makes_one_alert_per_club_per_phase_and_one_digest_per_run() {
    let d = Desk::new();
    let mbox = d.root.join("flood.mbox");
    write_mbox(&mbox, &(0..200).map(forged_v).collect::<Vec<_>>());
    let read = d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    assert_eq!(read.len(), 200);
    assert!(read.iter().all(|r| r["verdict"] == "forged"));
    let texts = sent_texts(&d);
    assert_eq!(texts.len(), 2, "{texts:#?}");
    let to_v = texts
        .iter()
        .find(|(to, ..)| to == &club_addresses("V"))
        .unwrap();
    assert!(to_v.2.contains("sono arrivati 200 messaggi"), "{}", to_v.2);
    assert!(
        to_v.2.contains("2026-09-01 10:00 Europe/Rome"),
        "{}",
        to_v.2
    );
    assert!(to_v.2.contains("e altri 180"), "{}", to_v.2);
    let digest = texts
        .iter()
        .find(|(to, ..)| to == &[REFEREE.to_owned()])
        .unwrap();
    assert_eq!(
        digest
            .2
            .matches("claimed V  from attacker@evil.example")
            .count(),
        200
    );
    assert!(
        digest.1.contains("200 messages not accepted"),
        "{}",
        digest.1
    );
    // Five more in the same phase, in another run: the referee gets a digest of five,
    // the club nothing more.
    write_mbox(&mbox, &(200..205).map(forged_v).collect::<Vec<_>>());
    d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    let texts = sent_texts(&d);
    assert_eq!(texts.len(), 3, "{texts:#?}");
    assert_eq!(texts[2].0, [REFEREE.to_owned()]);
    assert_eq!(texts[2].2.matches("claimed V").count(), 5);
}

// ---- 18.4, 18.6, 18.7, 18.8 ---------------------------------------------------------

#[test]
fn an_oversized_message_from_a_club_is_told_the_limit_in_its_language() {
    let d = Desk::new();
    d.edit_config("max_message_bytes = 2097152", "max_message_bytes = 4000");
    let big = text_mail(
        M_ADDR,
        &["Subject: ZQXMARK big"],
        &format!(
            "{}# ZQXMARK {}\n",
            d.orders("M", SPRING, ""),
            "y".repeat(8000)
        ),
    );
    let r = d.ingest(&big);
    assert_eq!(r["verdict"], "rejected", "{r:#}");
    let texts = sent_texts(&d);
    assert_eq!(texts.len(), 2, "the club's reply, the referee's digest");
    let (to, _, text) = &texts[0];
    assert_eq!(to, &club_addresses("M"));
    assert!(
        text.contains("larger than the limit of 4000 bytes"),
        "{text}"
    );
    assert!(outbox_words(&d).iter().all(|w| !w.contains("ZQXMARK")));
}

#[test]
fn o_i_and_l_in_a_secret_read_as_0_and_1() {
    let d = Desk::new();
    let secret = "0011-LLOO-IIAB-0C1D-EF01";
    {
        let mut store = giglio::storage::Store::open_write(&d.dir, "test").unwrap();
        let hash = giglio::auth::hash(secret).unwrap();
        store
            .set_secret_hash("V", &hash, "2026-09-01T08:00:00Z", "test")
            .unwrap();
    }
    let written = "OOIl-llOO-iiAB-oClD-EFOI";
    let r = d.ingest(&text_mail(
        V_ADDR,
        &[],
        &orders_with("V", SPRING, written, &raise(100)),
    ));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
}

#[test]
fn every_copy_of_the_secret_is_masked_in_the_stored_file() {
    let d = Desk::new();
    let s = d.secrets["V"].clone();
    let spaced = s.replace('-', " ").to_lowercase();
    let body = format!(
        "note = \"il segreto è {s}\"\n# copia: {spaced}\n{}",
        raise(100)
    );
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &body)));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let list: Value = serde_json::from_str(&d.stdout(&["orders", "list", "--json"])).unwrap();
    let text = list[0]["text"].as_str().unwrap();
    let bare = |t: &str| t.replace(['-', ' '], "").to_uppercase();
    assert!(!bare(text).contains(&bare(&s)), "{text}");
    assert_eq!(
        text.len(),
        d.orders("V", SPRING, &body).trim().len(),
        "offsets kept"
    );
    assert!(text.contains("il segreto è ****-****"), "{text}");
}

#[test]
fn a_receipt_is_one_multipart_mixed_that_answers_the_clubs_message() {
    let d = Desk::new();
    let msg = dated(
        &d,
        "orders-1",
        A_DATE,
        100,
        &["References: <report.V@giglio.example>"],
    );
    assert_eq!(d.ingest(&msg)["verdict"], "accepted");
    let (kind, raw) = outbox_raw(&d).pop().unwrap();
    assert_eq!(kind, "receipt");
    let text = String::from_utf8_lossy(&raw);
    assert_eq!(text.matches("multipart/mixed").count(), 1, "{text}");
    let m = mail_parser::MessageParser::default()
        .parse(&raw[..])
        .unwrap();
    assert_eq!(m.in_reply_to().as_text(), Some("orders-1@leone.example"));
    let refs: Vec<String> = m
        .references()
        .as_text_list()
        .map(|l| l.iter().map(|s| s.to_string()).collect())
        .unwrap_or_default();
    assert_eq!(refs, ["report.V@giglio.example", "orders-1@leone.example"]);
}

// ---- 13.6, 13.7 ---------------------------------------------------------------------

/// Issue 29 (playtest): an order that does not read has no number, and the echo of the
/// orders as understood left it out without a word, so a club read its file as holding
/// no such order. The echo now counts the parts left out (listed below it, each with
/// why), and a file none of whose orders reads no longer says it "gives no orders".
#[test]
fn a_receipt_counts_the_parts_it_leaves_out_beside_the_orders_it_understood() {
    let d = Desk::new();
    let bad = "[[raise]]\nnode = \"V99\"\nvalue = 50\n";
    let body = format!("{}{bad}", raise(100));
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &body)));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let (_, _, text) = sent_texts(&d).pop().unwrap();
    assert!(
        text.contains("I vostri ordini, come sono stati intesi (più una parte del file lasciata fuori: è qui sotto, con il perché):"),
        "{text}"
    );
    assert!(text.contains("V99"), "the part left out, with why: {text}");
    // Only the order that does not read: not "the file gives no orders".
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, bad)));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let (_, _, text) = sent_texts(&d).pop().unwrap();
    assert!(
        text.contains("Nessun ordine del file vale: l'unica sua parte è lasciata fuori"),
        "{text}"
    );
    assert!(!text.contains("Il file non dà ordini"), "{text}");
}

#[test]
fn a_receipt_echoes_every_order_with_its_verdict_what_it_replaces_and_lateness() {
    let d = Desk::new();
    let first = d.orders("V", SPRING, &raise(100));
    let path = d.root.join("first.eml");
    std::fs::write(&path, text_mail(V_ADDR, &[], &first)).unwrap();
    // Received the day before the deadline.
    d.cmd()
        .env("GIGLIO_NOW", "2026-08-30T08:00:00Z")
        .args(["inbox", "--eml", path.to_str().unwrap()])
        .assert()
        .success();
    // The deadline passes; a second file with a valid and an invalid order arrives.
    d.cmd()
        .args(["deadline", "--set", "2026-08-31T12:00:00Z", "--force"])
        .assert()
        .success();
    let body = format!("{}[[fortify]]\nnode = \"M0\"\n", raise(120));
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &body)));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let (_, _, text) = sent_texts(&d).pop().unwrap();
    assert!(
        text.contains("I vostri ordini, come sono stati intesi"),
        "{text}"
    );
    // Issue 29 point 7: the phase by its name, each order's kind in the club's language
    // beside the file's key, the warning's label in Italian, and every rule cited
    // listed with its text.
    assert!(
        text.starts_with("Ordini per la primavera 1494 ricevuti e sigillati."),
        "{text}"
    );
    assert!(
        // Each place the file writes by its code, named as the club knows it.
        text.contains(
            "1. Arruolamento di un'armata: [[raise]] node = \"V0\", value = 120 (V0 Venezia)"
        ),
        "{text}"
    );
    assert!(text.contains("-> valido"), "{text}");
    assert!(
        text.contains("2. Fortificazione: [[fortify]] node = \"M0\""),
        "{text}"
    );
    assert!(text.contains("avviso[G8.1]:"), "{text}");
    assert!(
        text.contains("== Regole citate") && text.contains("  G2b.4 Lavori di fortificazione: "),
        "{text}"
    );
    assert!(text.contains("-> sarà respinto"), "{text}");
    assert!(
        text.contains("Sostituisce il file ricevuto il 2026-08-30 10:00 Europe/Rome")
            && text.contains(&sha256(first.trim().as_bytes())),
        "{text}"
    );
    assert!(text.contains("dopo il termine"), "{text}");
    // `orders list` marks the late file.
    let list = d.stdout(&["orders", "list"]);
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 2, "{list}");
    assert!(
        !lines[0].contains("late") && lines[1].contains("late"),
        "{list}"
    );
    let json: Value = serde_json::from_str(&d.stdout(&["orders", "list", "--json"])).unwrap();
    assert_eq!(json[1]["late"], true);
    assert_eq!(json[0]["late"], false);
}

#[test]
fn a_registered_address_that_forgot_its_secret_is_told_so_not_alarmed() {
    let d = Desk::new();
    let file = format!("club = \"M\"\nphase = \"{SPRING}\"\nnote = \"ZQXMARK\"\n");
    let r = d.ingest(&text_mail(M_ADDR, &[], &file));
    assert_eq!(r["verdict"], "rejected", "{r:#}");
    // No alarm to the club; the referee's digest counts it (issues 29 and 32 point 2).
    let out = d.outbox();
    assert_eq!(out.len(), 2, "a reply and the referee's digest: {out:#?}");
    assert_eq!(out[0]["kind"], "rejection");
    assert_eq!(recipients(&out[1]), [REFEREE.to_owned()]);
    let (to, _, text) = sent_texts(&d).swap_remove(0);
    assert_eq!(to, club_addresses("M"));
    assert!(text.contains("carries no secret"), "{text}");
    assert!(!text.contains("ZQXMARK"), "{text}");
}

#[test]
fn errors_by_mail_say_what_was_meant_in_the_clubs_language() {
    let d = Desk::new();
    let cases: [(&str, &str, &str); 5] = [
        (
            "[[raise]]\nnode = \"V00\"\nvalue = 100\n",
            "V",
            "forse intendevate `V0`?",
        ),
        (
            "[[raise]]\nnode = \"Ravenna\"\nvalue = 100\n",
            "M",
            "`Ravenna` is the name of V8",
        ),
        (
            "[raise]\nnode = \"V0\"\nvalue = 100\n",
            "M",
            "write each one under `[[raise]]`",
        ),
        ("[[moves]]\npiece = \"M-A1\"\n", "M", "did you mean `move`?"),
        (
            "raise = [ { node = \"V0\" value = 1 } ]\n",
            "V",
            "questa riga non si legge come TOML",
        ),
    ];
    for (body, nation, want) in cases {
        let addr = club_addresses(nation)[0].clone();
        d.ingest(&text_mail(&addr, &[], &d.orders(nation, SPRING, body)));
        let (to, _, text) = sent_texts(&d).pop().unwrap();
        assert_eq!(to, club_addresses(nation));
        assert!(text.contains(want), "{body}: {text}");
        assert!(
            !text.contains("invalid type") && !text.contains("expected a sequence"),
            "{text}"
        );
    }
    // A summer order in a spring file: which phase it belongs to, and this phase's keys.
    let body = "[[move]]\npiece = \"M-A1\"\npath = [\"M0\", \"M1\"]\n";
    d.ingest(&text_mail(M_ADDR, &[], &d.orders("M", SPRING, body)));
    let (_, _, text) = sent_texts(&d).pop().unwrap();
    assert!(text.contains("`move` is a summer round order"), "{text}");
    assert!(text.contains("loan, objective, strategos"), "{text}");
    assert!(
        !text.contains("fleet_move"),
        "only the keys of the right kind: {text}"
    );
}

/// A file with several mistakes is answered with all of them in one mail: a play-test's
/// club fixed `loan = "forty"` and was then told of `nod`, one round-trip each.
#[test]
fn every_mistake_of_a_file_comes_back_in_one_reply() {
    let d = Desk::new();
    let body = "loan = \"forty\"\n\n[[raise]]\nnod = \"M0\"\nvalue = 100\n";
    d.ingest(&text_mail(M_ADDR, &[], &d.orders("M", SPRING, body)));
    let (_, _, text) = sent_texts(&d).pop().unwrap();
    assert!(
        text.contains("`loan`") && text.contains("did you mean `node`?"),
        "{text}"
    );
}

// ---- issue 32 ---------------------------------------------------------------------

/// Every written form of a secret a text may hold: the run of its symbols, lower or upper
/// case, with or without its separators; `true` if any 8 symbols in a row of it are there.
fn holds_secret(text: &str, secret: &str) -> bool {
    let want: Vec<u8> = secret
        .bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|b| b.to_ascii_uppercase())
        .collect();
    let bare: Vec<u8> = text
        .bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|b| b.to_ascii_uppercase())
        .collect();
    want.windows(8).any(|w| bare.windows(8).any(|t| t == w))
}

/// Issue 32 point 1: a club that writes its secret into its orders' values (whole, four
/// groups of five, with dots, in lower case) never gets it back, and giglio keeps it
/// nowhere: not in the receipt or the refusal (their message, snippet or echo), not in
/// the stored file, the inbox record, the journal or the database file; a delivered
/// receipt keeps a copy that leaves out what it quoted, as a welcome does.
#[test]
fn no_form_of_a_clubs_secret_is_echoed_or_kept() {
    let d = Desk::new();
    let s = d.secrets["V"].clone();
    let groups: Vec<&str> = s.split('-').collect();
    // Four groups of five, as a nation code (read, and echoed in the receipt).
    let four = groups[1..].join("-");
    let lower = s.to_lowercase();
    let dotted = s.replace('-', ".");
    let body = format!(
        "alliances = [\"{four}\"]\nobjective = {{ kind = \"{dotted}\", target = \"M\" }}\n\
         [[raise]]\nnode = \"{lower}\"\nvalue = 100\n[[hire]]\nspecialist = \"{s}\"\narmy = \"{four}\"\n"
    );
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &body)));
    assert!(
        r["verdict"] == "accepted" || r["verdict"] == "rejected",
        "{r:#}"
    );
    // A file that does not read at all: its phase is the secret.
    let refused = format!(
        "club = \"V\"\nphase = \"{dotted}\"\nsecret = \"{s}\"\n[[raise]]\nnode = \"{lower}\"\nvalue = 100\n"
    );
    let r2 = d.ingest(&text_mail(V_ADDR, &[], &refused));
    assert_eq!(r2["verdict"], "rejected", "{r2:#}");
    assert!(!holds_secret(&r2.to_string(), &s), "{r2:#}");
    let texts = sent_texts(&d);
    assert_eq!(texts.len(), 2, "{texts:#?}");
    assert!(
        texts[0].2.contains("alliances = [\"****-****-****-****\"]"),
        "{}",
        texts[0].2
    );
    for (_, _, text) in &texts {
        assert!(!holds_secret(text, &s), "{text}");
        assert!(
            text.contains("****"),
            "the copies are masked, not removed: {text}"
        );
    }
    for w in outbox_words(&d) {
        assert!(!holds_secret(&w, &s), "{w}");
    }
    let list = d.stdout(&["orders", "list", "--json"]);
    assert!(!holds_secret(&list, &s), "{list}");
    let log = d.stdout(&["log", "--json"]);
    assert!(!holds_secret(&log, &s), "{log}");
    // Delivered: the stored copies leave out what they quoted.
    d.cmd().args(["mail", "send"]).assert().success();
    for (kind, raw) in outbox_raw(&d) {
        let m = mail_parser::MessageParser::default()
            .parse(&raw[..])
            .expect("a mail message");
        let text = m.body_text(0).unwrap_or_default();
        assert!(text.contains("copia conservata"), "{kind}: {text}");
        assert!(!text.contains("****"), "{kind}: {text}");
    }
    let mut db = Vec::new();
    for f in ["giglio.sqlite", "giglio.sqlite-wal"] {
        db.extend(std::fs::read(d.dir.join(f)).unwrap_or_default());
    }
    assert!(!holds_secret(&String::from_utf8_lossy(&db), &s));
}

/// Issue 32 point 6: the referee's record says what was wrong with a secret in words,
/// never a Rust name; a number too large for TOML is told as such, by mail too; the
/// referee's digest names the club it does not address.
#[test]
fn reasons_numbers_and_the_digest_are_said_in_words() {
    let d = Desk::new();
    let mut reasons = Vec::new();
    for secret in [
        "AAAA-BBBB-CCCC-DDDD-EEEE",
        "7777",
        "AAAA-BBBB-CCCC-DDDD-EEE\u{410}",
    ] {
        let r = d.ingest(&text_mail(
            V_ADDR,
            &[],
            &orders_with("V", SPRING, secret, &raise(100)),
        ));
        reasons.push(r["reason"].as_str().unwrap_or_default().to_owned());
    }
    for (r, words) in reasons.iter().zip([
        "the secret is not the club's",
        "not of the form XXXX-XXXX-XXXX-XXXX-XXXX",
        "non-ASCII characters",
    ]) {
        assert!(r.contains(words), "{r}");
        for name in ["Wrong", "Malformed", "NotAscii"] {
            assert!(!r.contains(name), "{r}");
        }
    }
    let r = d.ingest(&text_mail(
        M_ADDR,
        &[],
        &d.orders(
            "M",
            SPRING,
            "[[raise]]\nnode = \"M0\"\nvalue = 99999999999999999999\n",
        ),
    ));
    assert_eq!(r["verdict"], "rejected", "{r:#}");
    let refusal = sent_texts(&d)
        .into_iter()
        .find(|(to, ..)| to == &club_addresses("M"))
        .expect("M is told");
    assert!(
        refusal.2.contains("the number of `value` is too large"),
        "{}",
        refusal.2
    );
    assert!(
        !refusal.2.contains("does not read as TOML"),
        "{}",
        refusal.2
    );
    d.ingest(&forged_v(1));
    let digest = sent_texts(&d)
        .into_iter()
        .rfind(|(to, ..)| to == &[REFEREE.to_owned()])
        .expect("the referee's digest");
    assert!(
        digest.2.contains("not registered to the club it claims"),
        "{}",
        digest.2
    );
    assert!(!digest.2.contains("your club"), "{}", digest.2);
}

/// Issue 32 point 3: a Message-ID is the sender's word. Forgeries carrying the club's
/// Message-ID (from an attacker's address, and from the club's own address with a wrong
/// secret), read first from an mbox, shadow nothing: the club's real orders under that
/// Message-ID are read and accepted; a corrected file re-sent under the same Message-ID
/// is read and replaces them; only a copy of an authenticated message with the same file
/// is a duplicate.
#[test]
fn a_forged_message_id_shadows_nothing_and_a_corrected_resend_is_read() {
    let d = Desk::new();
    let x = "orders-x@leone.example";
    let forged_from_attacker = raw_mail(
        &[
            format!("From: {ATTACKER}"),
            format!("To: {REFEREE}"),
            "Subject: ordini".into(),
            format!("Date: {A_DATE}"),
            format!("Message-ID: <{x}>"),
        ],
        &orders_with("V", SPRING, "AAAA-BBBB-CCCC-DDDD-EEEE", &raise(100)),
    );
    let forged_from_v = raw_mail(
        &[
            format!("From: {V_ADDR}"),
            format!("To: {REFEREE}"),
            "Subject: ordini".into(),
            format!("Date: {A_DATE}"),
            format!("Message-ID: <{x}>"),
        ],
        &orders_with("V", SPRING, "AAAA-BBBB-CCCC-DDDD-EEEE", &raise(150)),
    );
    let mbox = d.root.join("forged.mbox");
    write_mbox(&mbox, &[forged_from_attacker, forged_from_v]);
    let read = d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    assert!(read.iter().all(|r| r["verdict"] == "forged"), "{read:#?}");
    // The club's own message with that Message-ID: read, accepted, a receipt.
    let genuine = dated(&d, "orders-x", B_DATE, 200, &[]);
    let r = d.ingest(&genuine);
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    assert_eq!(active_raise(&d), "200");
    let receipts = |d: &Desk| d.outbox().iter().filter(|m| m["kind"] == "receipt").count();
    assert_eq!(receipts(&d), 1);
    // A corrected file under the same Message-ID, written later: read, and it replaces.
    let corrected = dated(&d, "orders-x", "Tue, 1 Sep 2026 07:00:00 +0000", 250, &[]);
    let r = d.ingest(&corrected);
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    assert_eq!(active_raise(&d), "250");
    assert_eq!(receipts(&d), 2);
    // The corrected message again, through a list that adds a header: a copy.
    let mut forwarded = b"X-Forwarded-By: list.leone.example\r\n".to_vec();
    forwarded.extend_from_slice(&corrected);
    assert_eq!(d.ingest(&forwarded)["verdict"], "duplicate");
    assert_eq!(receipts(&d), 2, "a copy is not answered");
}

/// A message with V's From and no usable secret: missing, empty, wrong, or a file that
/// does not read, in turn.
fn slip_v(n: usize) -> Vec<u8> {
    let body = match n % 4 {
        0 => format!("club = \"V\"\nphase = \"{SPRING}\"\n{}", raise(100)),
        1 => orders_with("V", SPRING, "", &raise(100)),
        2 => orders_with("V", SPRING, "AAAA-BBBB-CCCC-DDDD-EEEE", &raise(100)),
        _ => format!("phase = \"{SPRING}\"\nvalue = = 3\n"),
    };
    raw_mail(
        &[
            format!("From: {V_ADDR}"),
            format!("To: {REFEREE}"),
            format!("Subject: slip {n}"),
            format!("Message-ID: <slip.{n}@leone.example>"),
        ],
        &body,
    )
}

/// What went to V, and to the referee, among the queued messages from index `from`.
fn to_v_and_referee(d: &Desk, from: usize) -> (Vec<(String, String)>, Vec<String>) {
    let kinds: Vec<String> = d
        .outbox()
        .iter()
        .map(|m| m["kind"].as_str().unwrap().to_owned())
        .collect();
    let texts = sent_texts(d);
    let mut v = Vec::new();
    let mut referee = Vec::new();
    for (i, (to, _, text)) in texts.into_iter().enumerate().skip(from) {
        if to == club_addresses("V") {
            v.push((kinds[i].clone(), text));
        } else if to == [REFEREE.to_owned()] {
            referee.push(text);
        }
    }
    (v, referee)
}

/// Issues 29 point 2 and 32 point 2, the one rule: per club and phase, the first 3
/// replies to unauthenticated mail from the club's address (a missing, empty or wrong
/// secret, a file that does not read) go one by one, then one digest a day; an
/// authenticated file starts the count again; the referee's digest counts them all. A
/// flood of 200 such messages in one mbox gives V 3 replies and 1 digest, not 200.
#[test]
fn a_flood_from_a_clubs_address_gets_three_replies_then_one_digest_a_day() {
    let d = Desk::new();
    let mbox = d.root.join("slips.mbox");
    write_mbox(&mbox, &(0..200).map(slip_v).collect::<Vec<_>>());
    let read = d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    assert_eq!(read.len(), 200);
    assert!(
        read.iter()
            .all(|r| r["verdict"] == "rejected" || r["verdict"] == "forged"),
        "{read:#?}"
    );
    let (v, referee) = to_v_and_referee(&d, 0);
    let kinds: Vec<&str> = v.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        kinds,
        ["rejection", "rejection", "rejection", "alert"],
        "{v:#?}"
    );
    assert!(v[0].1.contains("senza segreto"), "{}", v[0].1);
    assert!(
        v[1].1.contains("senza segreto"),
        "empty is missing: {}",
        v[1].1
    );
    assert!(v[2].1.contains("non è accettato"), "{}", v[2].1);
    assert!(v[2].1.contains("avvisate l'arbitro"), "{}", v[2].1);
    assert!(v[3].1.contains("altri 197 messaggi"), "{}", v[3].1);
    assert!(v[3].1.contains("e altri 177"), "{}", v[3].1);
    assert_eq!(referee.len(), 1);
    assert_eq!(
        referee[0]
            .matches("claimed V  from doge@leone.example")
            .count(),
        200
    );
    assert!(outbox_words(&d).iter().all(|w| !w.contains("slip ")));
    // Five more the same day: the referee hears of them, V waits for tomorrow's digest.
    let sent = d.outbox().len();
    write_mbox(&mbox, &(200..205).map(slip_v).collect::<Vec<_>>());
    d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    let (v, referee) = to_v_and_referee(&d, sent);
    assert!(v.is_empty(), "{v:#?}");
    assert_eq!(referee.len(), 1);
    assert_eq!(referee[0].matches("claimed V").count(), 5);
    // A day later, any run sends V the digest of those five.
    let sent = d.outbox().len();
    let empty = d.root.join("empty.mbox");
    std::fs::write(&empty, "").unwrap();
    d.cmd()
        .args(["inbox", "--mbox", empty.to_str().unwrap()])
        .env("GIGLIO_NOW", "2026-09-02T09:00:00Z")
        .assert()
        .success();
    let (v, referee) = to_v_and_referee(&d, sent);
    assert_eq!(v.len(), 1, "{v:#?}");
    assert!(v[0].1.contains("altri 5 messaggi"), "{}", v[0].1);
    assert!(referee.is_empty());
    // An authenticated file starts the count again: the next slip is answered.
    assert_eq!(
        d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &raise(100))))["verdict"],
        "accepted"
    );
    let sent = d.outbox().len();
    d.ingest(&slip_v(300));
    let (v, _) = to_v_and_referee(&d, sent);
    assert_eq!(v.len(), 1, "{v:#?}");
    assert_eq!(v[0].0, "rejection");
}
