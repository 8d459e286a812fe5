//! Mail intake end to end on the real binary: IMAP against Dovecot (plain and TLS),
//! Maildir, mbox and .eml files written by a real mail library (Python's `email` and
//! `mailbox`), the forged-message battery (issue 8 item 6) and the mail bombs (item 8).
//!
//! Every case runs `giglio inbox … --json` on a campaign made by `giglio new --clubs`,
//! then checks the verdict, the campaign's canonical dump (orders, worlds, dice: all but
//! the inbox and outbox tables), and who the queued messages go to.

use crate::common::servers::{IMAP_PASSWORD, MailOpts, MailServers};
use crate::common::{giglio, secrets_of};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const REFEREE: &str = "arbitro@giglio.example";
const V_ADDR: &str = "doge@leone.example";
const M_ADDR: &str = "moro@biscione.example";
const M_ADDR2: &str = "sforza@biscione.example";
const ATTACKER: &str = "attacker@evil.example";
/// The open phase of a new campaign.
const SPRING: &str = "1494-spring";

const CLUBS: &str = r#"
[[club]]
nation = "V"
name = "Circolo del Leone"
emails = ["doge@leone.example"]
lang = "it"

[[club]]
nation = "M"
name = "Club del Biscione"
emails = ["moro@biscione.example", "Sforza@Biscione.example"]
lang = "en"
"#;

/// Issue 18 (intake under attack, second round) and issue 13 items 6 and 7.
mod attack;
/// Forged messages and mail bombs: refused, told to nobody's harm, nothing stored.
mod forged;
/// Late files: judged at arrival; the referee accepts or refuses one (issue 29).
mod late;

// ---- helpers ------------------------------------------------------------------------

/// A campaign of two clubs (V, M) made by `giglio new --clubs`, with a referee address.
struct Desk {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    dir: PathBuf,
    secrets: BTreeMap<String, String>,
}

impl Desk {
    fn new() -> Desk {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        let root = tmp.path().to_path_buf();
        std::fs::write(root.join("clubs.toml"), CLUBS).expect("write clubs.toml");
        let out = giglio(&root)
            .args([
                "new",
                "c",
                "--clubs",
                "clubs.toml",
                "--seed",
                "7",
                "--no-welcome",
            ])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).expect("UTF-8");
        let secrets = secrets_of(&text);
        assert_eq!(secrets.len(), 2, "{text}");
        let desk = Desk {
            dir: root.join("c"),
            root,
            _tmp: tmp,
            secrets,
        };
        desk.edit_config("referee = []", &format!("referee = [\"{REFEREE}\"]"));
        desk
    }

    fn edit_config(&self, from: &str, to: &str) {
        let path = self.dir.join("giglio.toml");
        let text = std::fs::read_to_string(&path).expect("read giglio.toml");
        assert!(text.contains(from), "giglio.toml has no `{from}`");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write giglio.toml");
    }

    fn cmd(&self) -> assert_cmd::Command {
        let mut c = giglio(&self.root);
        c.arg("-C").arg(&self.dir);
        c
    }

    fn stdout(&self, args: &[&str]) -> String {
        let out = self.cmd().args(args).assert().success();
        String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8")
    }

    /// `giglio inbox ARGS --json`, which must succeed without a word on stderr.
    fn inbox(&self, args: &[&str]) -> Vec<Value> {
        let a = self.cmd().arg("inbox").args(args).arg("--json").assert();
        let out = a.get_output();
        assert!(
            out.status.success() && out.stderr.is_empty(),
            "inbox {args:?}: {:?}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).expect("inbox --json prints JSON")
    }

    /// `giglio inbox --imap URL --json` with the test server's password: what became of
    /// each message read.
    fn imap_inbox(&self, url: &str) -> Vec<Value> {
        let a = self
            .cmd()
            .args(["inbox", "--imap", url, "--json"])
            .env("GIGLIO_IMAP_PASSWORD", IMAP_PASSWORD)
            .assert()
            .success();
        serde_json::from_slice(&a.get_output().stdout).expect("JSON")
    }

    /// Reads one message as an .eml file; returns what became of it.
    fn ingest(&self, raw: &[u8]) -> Value {
        static N: AtomicUsize = AtomicUsize::new(0);
        let path = self
            .root
            .join(format!("msg-{}.eml", N.fetch_add(1, Ordering::Relaxed)));
        std::fs::write(&path, raw).expect("write the message");
        let mut read = self.inbox(&["--eml", path.to_str().expect("a UTF-8 path")]);
        assert_eq!(read.len(), 1, "{read:?}");
        read.remove(0)
    }

    fn outbox(&self) -> Vec<Value> {
        serde_json::from_str(&self.stdout(&["mail", "status", "--json"])).expect("JSON")
    }

    /// The campaign's canonical dump without its mail tables (which record every message
    /// read and queued): clubs, phases, worlds, orders, results, dice, deadlines.
    fn dump(&self) -> Vec<String> {
        giglio::storage::Store::open_read(&self.dir)
            .and_then(|s| s.canonical_dump())
            .expect("the campaign reads")
            .lines()
            .filter(|l| !l.starts_with("inbox ") && !l.starts_with("outbox "))
            .map(str::to_owned)
            .collect()
    }

    /// An order file for `nation` with its real secret.
    fn orders(&self, nation: &str, phase: &str, body: &str) -> String {
        orders_with(nation, phase, &self.secrets[nation], body)
    }
}

fn orders_with(nation: &str, phase: &str, secret: &str, body: &str) -> String {
    format!("club = \"{nation}\"\nphase = \"{phase}\"\nsecret = \"{secret}\"\n{body}")
}

/// V raising an army of `value` ducats in Venice: a valid spring order.
fn raise(value: u32) -> String {
    format!("[[raise]]\nnode = \"V0\"\nvalue = {value}\n")
}

/// A message with these header lines, then `body`, with CRLF line ends. To, Subject,
/// Message-ID (unique per call), MIME-Version and a UTF-8 text/plain Content-Type are
/// added unless a header of that name is given.
fn mail(headers: &[&str], body: &[u8]) -> Vec<u8> {
    static N: AtomicUsize = AtomicUsize::new(0);
    let id = format!(
        "Message-ID: <t{}.{}@test.example>",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    );
    let defaults = [
        format!("To: {REFEREE}"),
        "Subject: ordini".to_owned(),
        id,
        "MIME-Version: 1.0".to_owned(),
        "Content-Type: text/plain; charset=utf-8".to_owned(),
    ];
    let name = |h: &str| h.split(':').next().unwrap_or("").to_ascii_lowercase();
    let mut out = Vec::new();
    for h in headers.iter().copied().chain(
        defaults
            .iter()
            .map(String::as_str)
            .filter(|d| !headers.iter().any(|h| name(h) == name(d))),
    ) {
        out.extend_from_slice(h.as_bytes());
        out.extend_from_slice(b"\r\n");
    }
    out.extend_from_slice(b"\r\n");
    for line in body.split_inclusive(|&b| b == b'\n') {
        let line = line.strip_suffix(b"\n").unwrap_or(line);
        out.extend_from_slice(line.strip_suffix(b"\r").unwrap_or(line));
        out.extend_from_slice(b"\r\n");
    }
    out
}

fn text_mail(from: &str, extra: &[&str], body: &str) -> Vec<u8> {
    let from = format!("From: {from}");
    let headers: Vec<&str> = std::iter::once(from.as_str())
        .chain(extra.iter().copied())
        .collect();
    mail(&headers, body.as_bytes())
}

fn sha256(bytes: &[u8]) -> String {
    giglio::submission::sha256_hex(bytes)
}

fn python() -> &'static str {
    ["/opt/mailtest-venv/bin/python", "/usr/bin/python3"]
        .into_iter()
        .find(|p| Path::new(p).exists())
        .expect("a Python 3 (run .ci/run)")
}

fn recipients(m: &Value) -> Vec<String> {
    m["recipients"]
        .as_array()
        .expect("recipients")
        .iter()
        .map(|r| r.as_str().expect("an address").to_owned())
        .collect()
}

/// Every queued message, decoded: its recipients, subject and text body.
fn sent_texts(d: &Desk) -> Vec<(Vec<String>, String, String)> {
    outbox_raw(d)
        .iter()
        .map(|(_, raw)| {
            let m = mail_parser::MessageParser::default()
                .parse(&raw[..])
                .expect("a mail message");
            let to = m
                .to()
                .map(|t| {
                    t.iter()
                        .filter_map(|a| a.address())
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
            let text = m.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
            (to, m.subject().unwrap_or("").to_owned(), text)
        })
        .collect()
}

/// Every queued message as stored: its kind and its bytes.
fn outbox_raw(d: &Desk) -> Vec<(String, Vec<u8>)> {
    let store = giglio::storage::Store::open_read(&d.dir).expect("the campaign opens");
    store
        .outbox(None)
        .expect("the outbox reads")
        .into_iter()
        .map(|m| {
            let raw = store.message_bytes(m.id).expect("the bytes read");
            (m.kind, raw.expect("the bytes are held"))
        })
        .collect()
}

/// The addresses a club registered, as `giglio new` stored them.
fn club_addresses(nation: &str) -> Vec<String> {
    match nation {
        "V" => vec![V_ADDR.into()],
        "M" => vec![M_ADDR.into(), M_ADDR2.into()],
        _ => Vec::new(),
    }
}

// ---- a. IMAP ------------------------------------------------------------------------

/// A TLS front for Dovecot (which the fixture runs without TLS), so `imaps://` meets a
/// real certificate check: Python's asyncio + ssl, stdlib only. Prints its port.
const TLS_PROXY: &str = r#"
import asyncio, ssl, sys
cert, key, upstream = sys.argv[1], sys.argv[2], int(sys.argv[3])
async def pipe(r, w):
    try:
        while True:
            data = await r.read(65536)
            if not data:
                break
            w.write(data)
            await w.drain()
    except Exception:
        pass
    finally:
        w.close()
async def handle(cr, cw):
    ur, uw = await asyncio.open_connection("127.0.0.1", upstream)
    await asyncio.gather(pipe(cr, uw), pipe(ur, cw))
async def main():
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(cert, key)
    srv = await asyncio.start_server(handle, "127.0.0.1", 0, ssl=ctx)
    print(srv.sockets[0].getsockname()[1], flush=True)
    await srv.serve_forever()
asyncio.run(main())
"#;

/// The TLS front, killed when dropped.
struct TlsProxy {
    child: Child,
    port: u16,
}

impl TlsProxy {
    fn start(servers: &MailServers) -> TlsProxy {
        let tls = servers.dir.join("tls");
        let mut child = Command::new(python())
            .args(["-c", TLS_PROXY])
            .arg(tls.join("cert.pem"))
            .arg(tls.join("key.pem"))
            .arg(servers.imap_port.to_string())
            .stdout(Stdio::piped())
            .stderr(Stdio::null()) // its TLS alerts for the refused handshake are expected
            .spawn()
            .expect("start the TLS proxy");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("its stdout"))
            .read_line(&mut line)
            .expect("read its port");
        let port = line.trim().parse().expect("the proxy prints its port");
        TlsProxy { child, port }
    }
}

impl Drop for TlsProxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn imap_orders_are_stored_receipts_queued_and_a_second_run_reads_nothing() {
    let servers = MailServers::start(MailOpts::plain());
    let d = Desk::new();
    let v = d.orders("V", SPRING, &raise(100));
    let m = d.orders("M", SPRING, "");
    servers.deliver_to_imap("club", &text_mail(V_ADDR, &[], &v));
    servers.deliver_to_imap("club", &text_mail(M_ADDR, &[], &m));
    let url = format!("imap://club@127.0.0.1:{}/INBOX", servers.imap_port);
    let run = || d.imap_inbox(&url);
    let read = run();
    let verdicts: Vec<_> = read.iter().map(|r| r["verdict"].clone()).collect();
    assert_eq!(verdicts, ["accepted", "accepted"], "{read:?}");
    assert_eq!(read[0]["receipt"], sha256(v.trim().as_bytes()));
    assert_eq!(read[0]["source"], "imap://127.0.0.1/INBOX uid 1");
    let list = d.stdout(&["orders", "list"]);
    assert_eq!(list.matches("active").count(), 2, "{list}");
    let receipts: Vec<_> = d
        .outbox()
        .into_iter()
        .filter(|m| m["kind"] == "receipt")
        .map(|m| (m["nation"].clone(), recipients(&m)))
        .collect();
    assert_eq!(
        receipts,
        [
            (Value::from("V"), club_addresses("V")),
            (Value::from("M"), club_addresses("M"))
        ]
    );
    // Both are flagged \Seen in Dovecot's Maildir, so the next run fetches nothing.
    let cur = servers.dir.join("mail/club/cur");
    let seen = std::fs::read_dir(&cur)
        .expect("Dovecot's cur/")
        .filter(|e| {
            let name = e.as_ref().unwrap().file_name();
            name.to_string_lossy().contains(":2,S")
        })
        .count();
    assert_eq!(seen, 2, "messages flagged seen in {}", cur.display());
    assert!(run().is_empty(), "the second run reads nothing new");
    assert_eq!(d.stdout(&["orders", "list"]), list);
}

#[test]
fn imap_reads_a_folder_whose_name_is_not_ascii() {
    // The folder a club's mail filter fills may be called "Città/Ordini ⚔": Dovecot
    // knows it by its modified UTF-7 name (RFC 3501 5.1.3), written here by hand.
    let servers = MailServers::start(MailOpts::plain());
    let d = Desk::new();
    let v = d.orders("V", SPRING, &raise(100));
    servers.deliver_to_imap_folder(
        "club",
        "Citt&AOA-.Ordini &JpQ-",
        &text_mail(V_ADDR, &[], &v),
    );
    let url = format!(
        "imap://club@127.0.0.1:{}/Citt%C3%A0.Ordini%20%E2%9A%94",
        servers.imap_port
    );
    let read = d.imap_inbox(&url);
    assert_eq!(read.len(), 1, "{read:?}");
    assert_eq!(read[0]["verdict"], "accepted", "{read:?}");
}

#[test]
fn imap_refuses_a_wrong_password_a_missing_one_and_an_oversized_message_clearly() {
    let servers = MailServers::start(MailOpts::plain());
    let d = Desk::new();
    let url = format!("imap://club@127.0.0.1:{}/INBOX", servers.imap_port);
    let a = d
        .cmd()
        .args(["inbox", "--imap", &url])
        .env("GIGLIO_IMAP_PASSWORD", "wrong")
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(
        err.contains("refused the login of `club`") && err.contains("Authentication failed"),
        "{err}"
    );
    let a = d
        .cmd()
        .args(["inbox", "--imap", &url])
        .env_remove("GIGLIO_IMAP_PASSWORD")
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(err.contains("set GIGLIO_IMAP_PASSWORD"), "{err}");
    // Over the cap: only cap + 1 bytes are fetched, and intake refuses it.
    d.edit_config("max_message_bytes = 2097152", "max_message_bytes = 20000");
    let big = text_mail(V_ADDR, &[], &"x".repeat(60_000));
    servers.deliver_to_imap("club", &big);
    let read = d.imap_inbox(&url);
    assert_eq!(read.len(), 1, "{read:?}");
    // From V's registered address: V is told the limit (issue 18 item 4), nothing quoted.
    assert_eq!(read[0]["verdict"], "rejected");
    assert!(
        read[0]["reason"]
            .as_str()
            .unwrap()
            .contains("larger than the limit of 20000 bytes"),
        "{read:?}"
    );
    // What intake saw was the message's first 20001 bytes, so its hash is theirs.
    assert_eq!(read[0]["hash"], sha256(&big[..20001]));
    // V is told, and the referee's digest counts it (issues 29 and 32 point 2).
    let told = sent_texts(&d);
    assert_eq!(told.len(), 2, "{told:#?}");
    assert_eq!(told[1].0, [REFEREE.to_owned()]);
    let (to, subject, text) = &told[0];
    assert_eq!(to, &club_addresses("V"));
    assert!(text.contains("limite di 20000 byte"), "{text}");
    assert!(
        !text.contains("xxxx") && !subject.contains("ordini\u{0}"),
        "{text}"
    );
}

#[test]
fn imaps_checks_the_servers_certificate() {
    let servers = MailServers::start(MailOpts::plain());
    let proxy = TlsProxy::start(&servers);
    let d = Desk::new();
    servers.deliver_to_imap(
        "club",
        &text_mail(V_ADDR, &[], &d.orders("V", SPRING, &raise(120))),
    );
    let url = format!("imaps://club@127.0.0.1:{}/INBOX", proxy.port);
    // Without the test CA the certificate is refused, and nothing is read.
    let a = d
        .cmd()
        .args(["inbox", "--imap", &url])
        .env("GIGLIO_IMAP_PASSWORD", IMAP_PASSWORD)
        .env_remove("GIGLIO_IMAP_CA_FILE")
        .assert()
        .code(74);
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(err.contains("TLS") && err.contains("certificate"), "{err}");
    let a = d
        .cmd()
        .args(["inbox", "--imap", &url, "--json"])
        .env("GIGLIO_IMAP_PASSWORD", IMAP_PASSWORD)
        .env("GIGLIO_IMAP_CA_FILE", &servers.ca_pem_path)
        .assert()
        .success();
    let read: Vec<Value> = serde_json::from_slice(&a.get_output().stdout).expect("JSON");
    assert_eq!(read.len(), 1, "{read:?}");
    assert_eq!(read[0]["verdict"], "accepted", "{read:?}");
    assert_eq!(read[0]["source"], "imaps://127.0.0.1/INBOX uid 1");
}

/// How a scripted IMAP server answers the body FETCH, or greets.
#[derive(Clone, Copy, Debug)]
enum Misbehaviour {
    ByeGreeting,
    SilentClose,
    GarbageGreeting,
    NoBody,
    BodyOfAnotherMessage,
    CutInsideALiteral,
    IgnoresThePartialRange,
}

/// The one message of the scripted server: over 5000 bytes, always the same bytes.
fn big_message() -> Vec<u8> {
    mail(
        &[&format!("From: {V_ADDR}"), "Message-ID: <big@test.example>"],
        "x".repeat(5000).as_bytes(),
    )
}

/// A one-connection IMAP server on loopback that follows a script: a well-behaved
/// LOGIN, SELECT, SEARCH (one message, uid 5, whose RFC822.SIZE says 5000 bytes),
/// STORE and LOGOUT, with one misbehaviour. Returns its port.
fn scripted_imap(m: Misbehaviour) -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = listener.local_addr().expect("an address").port();
    std::thread::spawn(move || {
        let Ok((stream, _)) = listener.accept() else {
            return;
        };
        let mut out = stream.try_clone().expect("a second handle");
        let greeting: &[u8] = match m {
            Misbehaviour::ByeGreeting => b"* BYE too busy, come back later\r\n",
            Misbehaviour::SilentClose => return,
            Misbehaviour::GarbageGreeting => b"\x00\xff\xfe garbage }{ (\r\n",
            _ => b"* OK scripted server ready\r\n",
        };
        if out.write_all(greeting).is_err() {
            return;
        }
        let body = big_message();
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { return };
            let (tag, command) = line.split_once(' ').unwrap_or((&line, ""));
            let command = command.to_ascii_uppercase();
            let mut reply: Vec<u8> = Vec::new();
            if command.contains("BODY.PEEK[]") {
                match m {
                    Misbehaviour::NoBody => reply.extend(b"* 1 FETCH (UID 5 FLAGS ())\r\n"),
                    Misbehaviour::BodyOfAnotherMessage => {
                        reply.extend(b"* 2 FETCH (UID 6 BODY[] {5}\r\nhello)\r\n")
                    }
                    Misbehaviour::CutInsideALiteral => {
                        let _ = out.write_all(b"* 1 FETCH (UID 5 BODY[] {99999}\r\nFrom: a");
                        return;
                    }
                    _ => {
                        // Answers with the whole message, whatever range was asked for.
                        reply.extend(
                            format!("* 1 FETCH (UID 5 BODY[] {{{}}}\r\n", body.len()).bytes(),
                        );
                        reply.extend(&body);
                        reply.extend(b")\r\n");
                    }
                }
            } else if command.contains("RFC822.SIZE") {
                reply.extend(b"* 1 FETCH (UID 5 RFC822.SIZE 5000)\r\n");
            } else if command.starts_with("SELECT") {
                reply.extend(b"* 1 EXISTS\r\n* FLAGS (\\Seen)\r\n");
            } else if command.starts_with("UID SEARCH") {
                reply.extend(b"* SEARCH 5\r\n");
            } else if command.starts_with("LOGOUT") {
                reply.extend(b"* BYE bye\r\n");
            }
            reply.extend(format!("{tag} OK done\r\n").bytes());
            if out.write_all(&reply).is_err() {
                return;
            }
        }
    });
    port
}

#[test]
fn a_misbehaving_imap_server_gets_a_clear_error_and_no_panic() {
    use Misbehaviour::*;
    let d = Desk::new();
    d.edit_config("max_message_bytes = 2097152", "max_message_bytes = 1000");
    for (m, code, words) in [
        (ByeGreeting, 74, "refused the connection: BYE too busy"),
        (SilentClose, 74, "closed the connection before greeting"),
        (GarbageGreeting, 74, "it sent something that is not IMAP"),
        (NoBody, 74, "no message body in the answer for uid 5"),
        (
            BodyOfAnotherMessage,
            74,
            "no message body in the answer for uid 5",
        ),
        (CutInsideALiteral, 74, "IMAP server 127.0.0.1:"),
    ] {
        let url = format!("imap://u@127.0.0.1:{}/INBOX", scripted_imap(m));
        let a = d
            .cmd()
            .args(["inbox", "--imap", &url])
            .env("GIGLIO_IMAP_PASSWORD", "pw")
            .timeout(Duration::from_secs(60))
            .assert();
        let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
        assert_eq!(a.get_output().status.code(), Some(code), "{m:?}: {err}");
        assert!(
            err.contains(words) && !err.contains("panicked"),
            "{m:?}: {err}"
        );
        eprintln!("{m:?}: {}", err.trim());
    }
    // A server that sends more than the range asked for: intake still sees cap + 1 bytes.
    let url = format!(
        "imap://u@127.0.0.1:{}/INBOX",
        scripted_imap(IgnoresThePartialRange)
    );
    let a = d
        .cmd()
        .args(["inbox", "--imap", &url, "--json"])
        .env("GIGLIO_IMAP_PASSWORD", "pw")
        .timeout(Duration::from_secs(60))
        .assert()
        .success();
    let read: Vec<Value> = serde_json::from_slice(&a.get_output().stdout).expect("JSON");
    assert_eq!(read.len(), 1, "{read:?}");
    // Too large, from a registered address: the club is told (nothing quoted).
    assert_eq!(read[0]["verdict"], "rejected");
    assert_eq!(read[0]["hash"], sha256(&big_message()[..1001]));
}

// ---- b. Maildir, mbox and .eml written by a real mail library -------------------------

/// Writes messages with Python's `email` (RFC 5322/MIME) and `mailbox` (Maildir, mbox):
/// a widely used, independent writer, with the quirks real mail has (base64 and
/// quoted-printable bodies, folded headers, `>From ` quoting in mbox, Maildir names).
/// Reads JSON on stdin: {"maildir", "mbox", "eml_dir", "messages": [{kind, from, orders}]}.
const MAIL_WRITER: &str = r#"
import sys, json, html, mailbox, email.policy
from email.message import EmailMessage
from email.utils import make_msgid, formatdate
spec = json.load(sys.stdin)
REPORT = "Rapporto per la primavera 1494\n\nTesoreria: 1080 ducati\n[[raise]]\nnode = \"V1\"\nFrom the referee: good luck\n"
def build(i, m):
    msg = EmailMessage()
    msg["From"] = m["from"]
    msg["To"] = "arbitro@giglio.example"
    msg["Subject"] = "Ordini della Serenissima"
    msg["Date"] = formatdate(1_000_000_000 + i)
    msg["Message-ID"] = make_msgid(idstring=str(i), domain="leone.example")
    kind, orders = m["kind"], m["orders"]
    if kind == "attachment":
        msg.set_content("Ecco gli ordini, in allegato.\n")
        msg.add_attachment(orders.encode(), maintype="application", subtype="toml", filename="ordini.toml")
    elif kind == "body":
        msg.set_content(orders)
    elif kind == "reply":
        msg.replace_header("Subject", "Re: [Il Giglio] rapporto")
        msg["In-Reply-To"] = "<report.V@giglio.example>"
        quoted = "\n".join(("> " + l).rstrip() for l in REPORT.splitlines())
        msg.set_content(orders + "\n\nIl giorno 1 set 1494, Arbitro del Giglio ha scritto:\n" + quoted + "\n\n-- \nIl Doge\n")
    elif kind == "html":
        body = "".join("<div>%s</div>" % html.escape(l) for l in orders.splitlines())
        msg.set_content("<html><head><style>div{}</style></head><body>" + body + "</body></html>", subtype="html")
    elif kind == "italian":
        msg.set_content(orders, cte="quoted-printable")
    else:
        raise SystemExit("unknown kind " + kind)
    return msg
msgs = [build(i, m) for i, m in enumerate(spec["messages"])]
md = mailbox.Maildir(spec["maildir"], create=True)
mb = mailbox.mbox(spec["mbox"])
mb.lock()
for i, msg in enumerate(msgs):
    md.add(msg)
    mb.add(msg)
    with open("%s/%02d.eml" % (spec["eml_dir"], i), "wb") as f:
        f.write(msg.as_bytes(policy=email.policy.SMTP))
mb.flush()
mb.unlock()
"#;

/// The five ways a club writes orders, each a message from V raising a different sum.
fn five_kinds(d: &Desk) -> Vec<(&'static str, String)> {
    let italian = "# Il Doge ordina: più fanti per la città, perché l'inverno è vicino\n\
                   note = \"Ordini della Serenissima — Venezia, Padova e Treviso\"\n";
    vec![
        ("attachment", d.orders("V", SPRING, &raise(100))),
        // A line starting with "From " is quoted as ">From " in mbox, and must come back.
        (
            "body",
            d.orders(
                "V",
                SPRING,
                &format!(
                    "note = \"\"\"\nFrom the Doge: orders follow\n\"\"\"\n{}",
                    raise(110)
                ),
            ),
        ),
        ("reply", d.orders("V", SPRING, &raise(120))),
        (
            "html",
            d.orders(
                "V",
                SPRING,
                &format!("note = \"a & b <c>\"\n{}", raise(130)),
            ),
        ),
        (
            "italian",
            d.orders("V", SPRING, &format!("{italian}{}", raise(140))),
        ),
    ]
}

fn write_with_python(d: &Desk, kinds: &[(&str, String)]) -> (PathBuf, PathBuf, PathBuf) {
    let (maildir, mbox, eml) = (
        d.root.join("Maildir"),
        d.root.join("orders.mbox"),
        d.root.join("eml"),
    );
    std::fs::create_dir_all(&eml).expect("mkdir");
    let spec = serde_json::json!({
        "maildir": maildir, "mbox": mbox, "eml_dir": eml,
        "messages": kinds.iter().map(|(k, o)| serde_json::json!({
            "kind": k, "from": format!("Il Doge <{V_ADDR}>"), "orders": o,
        })).collect::<Vec<_>>(),
    });
    let mut child = Command::new(python())
        .args(["-c", MAIL_WRITER])
        .stdin(Stdio::piped())
        .spawn()
        .expect("run Python");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(spec.to_string().as_bytes())
        .expect("write the spec");
    assert!(child.wait().expect("Python ends").success());
    (maildir, mbox, eml)
}

/// The receipt of a message is the SHA-256 of the order file as read: an attachment's
/// bytes, or a body's own lines (trimmed); so a matching receipt proves the extraction
/// exact. Python dates message `i` at 1 000 000 000 + i seconds: one read after a later
/// one is stale (not applied), and is told which file stays active.
fn assert_all_accepted(read: &[Value], kinds: &[(usize, &str, String)], how: &str) {
    assert_eq!(read.len(), kinds.len(), "{how}: {read:#?}");
    let mut newest = None;
    for (r, (i, kind, orders)) in read.iter().zip(kinds) {
        let file = if *kind == "attachment" {
            orders.as_str()
        } else {
            orders.trim()
        };
        if newest.is_some_and(|n| n > *i) {
            assert_eq!(r["verdict"], "stale", "{how} {kind}: {r:#}");
        } else {
            assert_eq!(r["verdict"], "accepted", "{how} {kind}: {r:#}");
            assert_eq!(
                r["receipt"],
                sha256(file.as_bytes()),
                "{how} {kind}: the order file read is not the one sent"
            );
            newest = Some(*i);
        }
        assert_eq!(r["sender"], V_ADDR, "{how} {kind}");
    }
}

/// The kinds with their index, in the order they were written.
fn indexed(kinds: &[(&'static str, String)]) -> Vec<(usize, &'static str, String)> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, (k, o))| (i, *k, o.clone()))
        .collect()
}

/// After one form was read: every reply went to V's registered address, and the file
/// written last is the active one, whatever order the files were read in.
fn assert_last_written_is_active(d: &Desk) {
    let out = d.outbox();
    assert_eq!(out.len(), 5);
    assert!(out.iter().all(|m| recipients(m) == [V_ADDR]), "{out:#?}");
    let list: Value = serde_json::from_str(&d.stdout(&["orders", "list", "--json"])).unwrap();
    let active: Vec<_> = list
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["active"] == true)
        .collect();
    assert_eq!(active.len(), 1);
    assert!(
        active[0]["text"].as_str().unwrap().contains("più fanti"),
        "{active:?}"
    );
}

#[test]
fn maildir_mbox_and_eml_from_a_real_mail_library_are_read_in_every_form() {
    // Each form on a campaign of its own: read through a second route, the same
    // messages are copies (see `a_copy_read_through_another_route_is_a_duplicate`).
    let d = Desk::new();
    let kinds = five_kinds(&d);
    let (maildir, _, _) = write_with_python(&d, &kinds);
    let read = d.inbox(&["--maildir", maildir.to_str().unwrap()]);
    assert_all_accepted(&read, &kinds_in_name_order(&maildir, &kinds), "maildir");
    // new/ → cur/ with the Seen flag, as a mail program does.
    assert_eq!(std::fs::read_dir(maildir.join("new")).unwrap().count(), 0);
    let cur: Vec<String> = std::fs::read_dir(maildir.join("cur"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(cur.len(), 5);
    assert!(cur.iter().all(|n| n.ends_with(":2,S")), "{cur:?}");
    assert_last_written_is_active(&d);
    // A second run over the Maildir (now all in cur/) reads nothing new.
    let before = (d.dump(), d.outbox().len());
    let again = d.inbox(&["--maildir", maildir.to_str().unwrap()]);
    assert!(
        again.iter().all(|r| r["verdict"] == "duplicate"),
        "{again:?}"
    );
    assert_eq!((d.dump(), d.outbox().len()), before);

    let d = Desk::new();
    let kinds = five_kinds(&d);
    let (_, mbox, eml) = write_with_python(&d, &kinds);
    let read = d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    assert_all_accepted(&read, &indexed(&kinds), "mbox");
    let quoted = std::fs::read_to_string(&mbox).unwrap();
    assert!(
        quoted.contains("\n>From the Doge"),
        "Python quoted the From line"
    );
    assert_last_written_is_active(&d);
    // A file that is not an mbox is refused, not read as empty.
    let a = d
        .cmd()
        .args(["inbox", "--mbox", files_in(&eml)[0].to_str().unwrap()])
        .assert()
        .code(1);
    let err = String::from_utf8_lossy(&a.get_output().stderr).into_owned();
    assert!(err.contains("is not an mbox file"), "{err}");

    let d = Desk::new();
    let kinds = five_kinds(&d);
    let (_, _, eml) = write_with_python(&d, &kinds);
    let files = files_in(&eml);
    let args: Vec<&str> = std::iter::once("--eml")
        .chain(files.iter().map(|p| p.to_str().unwrap()))
        .collect();
    let read = d.inbox(&args);
    assert_all_accepted(&read, &indexed(&kinds), "eml");
    assert_last_written_is_active(&d);
}

#[test]
fn a_copy_read_through_another_route_is_a_duplicate() {
    // The same five messages in a Maildir, an mbox and .eml files: Python's mbox and
    // Maildir add their own headers (Status:, X-Status:…) and line ends differ, but each
    // message is read once.
    let d = Desk::new();
    let kinds = five_kinds(&d);
    let (maildir, mbox, eml) = write_with_python(&d, &kinds);
    let read = d.inbox(&["--mbox", mbox.to_str().unwrap()]);
    assert_all_accepted(&read, &indexed(&kinds), "mbox");
    let before = (d.dump(), d.outbox().len());
    let files = files_in(&eml);
    let mut args: Vec<&str> = vec!["--eml"];
    args.extend(files.iter().map(|p| p.to_str().unwrap()));
    for route in [vec!["--maildir", maildir.to_str().unwrap()], args] {
        let again = d.inbox(&route);
        assert_eq!(again.len(), 5);
        assert!(
            again.iter().all(|r| r["verdict"] == "duplicate"),
            "{route:?}: {again:#?}"
        );
    }
    assert_eq!((d.dump(), d.outbox().len()), before);
}

/// The files of a directory in name order.
fn files_in(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("a directory")
        .map(|e| e.expect("an entry").path())
        .collect();
    files.sort();
    files
}

/// Maildir files are read in name order; Python names them by time, so match each
/// file back to its kind by the Message-ID's index.
fn kinds_in_name_order(
    maildir: &Path,
    kinds: &[(&'static str, String)],
) -> Vec<(usize, &'static str, String)> {
    files_in(&maildir.join("cur"))
        .iter()
        .map(|p| {
            let text = String::from_utf8_lossy(&std::fs::read(p).unwrap()).into_owned();
            let i = (0..kinds.len())
                .find(|i| text.contains(&format!(".{i}@leone.example>")))
                .expect("a Message-ID with its index");
            (i, kinds[i].0, kinds[i].1.clone())
        })
        .collect()
}
