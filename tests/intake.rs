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

// ---- c. forged messages -------------------------------------------------------------

/// One forged (or otherwise untrusted) message and what must become of it.
struct Forged {
    name: &'static str,
    raw: Vec<u8>,
    verdict: &'static str,
    /// Words the verdict's reason must hold.
    reason: &'static str,
    /// The club whose name the message uses: it (and the referee) must be alerted.
    claimed: Option<&'static str>,
}

/// Fullwidth forms of ASCII: `A` → `Ａ`.
fn fullwidth(s: &str) -> String {
    s.chars()
        .map(|c| match c {
            '!'..='~' => char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap(),
            _ => c,
        })
        .collect()
}

/// The first letter that has a Cyrillic look-alike, replaced by it.
fn cyrillic(s: &str) -> String {
    let twin = |c: char| match c {
        'A' => Some('А'),
        'B' => Some('В'),
        'C' => Some('С'),
        'E' => Some('Е'),
        'H' => Some('Н'),
        'K' => Some('К'),
        'M' => Some('М'),
        'O' => Some('О'),
        'P' => Some('Р'),
        'T' => Some('Т'),
        'X' => Some('Х'),
        _ => None,
    };
    let at = s.find(|c| twin(c).is_some()).expect("a letter with a twin");
    let c = s[at..].chars().next().unwrap();
    format!(
        "{}{}{}",
        &s[..at],
        twin(c).unwrap(),
        &s[at + c.len_utf8()..]
    )
}

fn forged_cases(d: &Desk) -> Vec<Forged> {
    let v = d.orders("V", SPRING, &raise(100));
    let secret = &d.secrets["V"];
    let with_secret = |s: &str| orders_with("V", SPRING, s, &raise(100));
    let case = |name, raw, verdict, reason, claimed| Forged {
        name,
        raw,
        verdict,
        reason,
        claimed,
    };
    vec![
        case(
            "another club's sender address",
            text_mail(M_ADDR, &[], &v),
            "forged",
            "claims to be from V but was sent from moro@biscione.example",
            Some("V"),
        ),
        case(
            "wrong secret",
            text_mail(V_ADDR, &[], &with_secret("AAAA-BBBB-CCCC-DDDD-EEEE")),
            "forged",
            "sent from doge@leone.example, but the secret",
            Some("V"),
        ),
        case(
            "another club's secret",
            text_mail(V_ADDR, &[], &with_secret(&d.secrets["M"])),
            "forged",
            "sent from doge@leone.example, but the secret",
            Some("V"),
        ),
        case(
            "look-alike secret (Cyrillic)",
            text_mail(V_ADDR, &[], &with_secret(&cyrillic(secret))),
            "forged",
            "sent from doge@leone.example, but the secret",
            Some("V"),
        ),
        case(
            "look-alike secret (fullwidth)",
            text_mail(V_ADDR, &[], &with_secret(&fullwidth(secret))),
            "forged",
            "sent from doge@leone.example, but the secret",
            Some("V"),
        ),
        case(
            "two From headers",
            text_mail(V_ADDR, &[&format!("From: {ATTACKER}")], &v),
            "forged",
            "several senders",
            Some("V"),
        ),
        case(
            "From with two addresses",
            text_mail(&format!("{V_ADDR}, {ATTACKER}"), &[], &v),
            "forged",
            "several senders",
            Some("V"),
        ),
        case(
            "no From at all",
            mail(&[], v.as_bytes()),
            "forged",
            "no sender address",
            Some("V"),
        ),
        case(
            "display-name spoof",
            text_mail(&format!("Venezia <{ATTACKER}>"), &[], &v),
            "forged",
            "sent from attacker@evil.example",
            Some("V"),
        ),
        case(
            "address as display name",
            text_mail(&format!("\"{V_ADDR}\" <{ATTACKER}>"), &[], &v),
            "forged",
            "sent from attacker@evil.example",
            Some("V"),
        ),
        case(
            "encoded-word display name",
            text_mail(
                &format!("=?utf-8?q?doge=40leone=2Eexample?= <{ATTACKER}>"),
                &[],
                &v,
            ),
            "forged",
            "sent from attacker@evil.example",
            Some("V"),
        ),
        case(
            "look-alike sender address (Cyrillic e)",
            text_mail("doge@lеone.example", &[], &v),
            "forged",
            "which is not one of its addresses",
            Some("V"),
        ),
        case(
            "Reply-To the club's address",
            text_mail(ATTACKER, &[&format!("Reply-To: {V_ADDR}")], &v),
            "forged",
            "sent from attacker@evil.example",
            Some("V"),
        ),
        case(
            "forged Authentication-Results: pass",
            text_mail(
                ATTACKER,
                &[&format!(
                    "Authentication-Results: mx.giglio.example; spf=pass smtp.mailfrom={V_ADDR}; \
                     dkim=pass header.d=leone.example; dmarc=pass header.from=leone.example"
                )],
                &v,
            ),
            "forged",
            "sent from attacker@evil.example",
            Some("V"),
        ),
        case(
            "Sender header spoof",
            text_mail(ATTACKER, &[&format!("Sender: {V_ADDR}")], &v),
            "forged",
            "sent from attacker@evil.example",
            Some("V"),
        ),
        case(
            "bidi control in the sender address",
            text_mail("doge@leone.example\u{202e}", &[], &v),
            "forged",
            "claims to be from V but the sender address holds control characters",
            Some("V"),
        ),
        case(
            "a nation no club plays",
            text_mail(ATTACKER, &[], "club = \"F\"\nphase = \"1494-spring\"\n"),
            "ignored",
            "from an unregistered address",
            None,
        ),
        case(
            "a stranger's mail",
            text_mail(ATTACKER, &[], "Buongiorno, vendo cavalli."),
            "ignored",
            "unregistered address",
            None,
        ),
    ]
}

/// Checks one case; returns what went wrong.
fn check_forged(d: &Desk, c: &Forged) -> Vec<String> {
    let (dump, sent) = (d.dump(), d.outbox().len());
    let r = d.ingest(&c.raw);
    let mut wrong = Vec::new();
    if r["verdict"] != c.verdict {
        wrong.push(format!("verdict {} (expected {})", r["verdict"], c.verdict));
    }
    let reason = r["reason"].as_str().unwrap_or("");
    if !reason.contains(c.reason) {
        wrong.push(format!("reason `{reason}` lacks `{}`", c.reason));
    }
    if d.dump() != dump {
        wrong.push("the campaign changed".into());
    }
    let new: Vec<Value> = d.outbox().split_off(sent);
    let mut allowed = vec![REFEREE.to_owned()];
    allowed.extend(c.claimed.map(club_addresses).unwrap_or_default());
    for m in &new {
        // From the club's own address with a wrong secret: the club is answered (under
        // the rule of issues 29 and 32: the first 3 one by one), quoting nothing.
        let own_reply = m["kind"] == "rejection"
            && c.claimed
                .is_some_and(|n| recipients(m) == club_addresses(n));
        if m["kind"] != "alert" && !own_reply {
            wrong.push(format!("a {} was queued", m["kind"]));
        }
        for to in recipients(m) {
            if !allowed.contains(&to) {
                wrong.push(format!("a message went to {to}"));
            }
        }
    }
    // The referee gets one digest per run; the club one alert per phase (checked over
    // the whole battery).
    let alerted = |to: &[String]| new.iter().any(|m| recipients(m) == to);
    if !alerted(&[REFEREE.to_owned()]) {
        wrong.push("the referee was not alerted".into());
    }
    wrong
}

#[test]
fn forged_messages_change_nothing_answer_no_sender_and_alert_club_and_referee() {
    let d = Desk::new();
    let cases = forged_cases(&d);
    let mut failures = Vec::new();
    for c in &cases {
        let wrong = check_forged(&d, c);
        if !wrong.is_empty() {
            failures.push(format!("{}: {}", c.name, wrong.join("; ")));
        }
    }
    assert!(cases.len() >= 12);
    assert!(
        failures.is_empty(),
        "{} of {} forged cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    // Every case claimed V: V was alerted once for the phase (with the count) about the
    // mail from other addresses, however many runs (issue 18 item 3); the 4 wrong secrets
    // from its own address got 3 replies one by one, and the fourth the day's digest
    // (issues 29 and 32 point 2).
    let to_v: Vec<Value> = d
        .outbox()
        .into_iter()
        .filter(|m| recipients(m) == club_addresses("V"))
        .collect();
    let kinds: Vec<&str> = to_v.iter().map(|m| m["kind"].as_str().unwrap()).collect();
    let subjects: Vec<&str> = to_v
        .iter()
        .map(|m| m["subject"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "alert").count(),
        2,
        "{to_v:#?}"
    );
    assert_eq!(
        subjects
            .iter()
            .filter(|s| s.contains("avviso: messaggi a nome del vostro club"))
            .count(),
        1,
        "{subjects:#?}"
    );
    assert_eq!(
        kinds.iter().filter(|k| **k == "rejection").count(),
        3,
        "{to_v:#?}"
    );
    // Mail from Milan's address carried Venice's own secret: Venice and the referee
    // read that it has leaked (a play-test's club could not tell).
    let texts = sent_texts(&d);
    assert!(
        texts.iter().any(|(to, _, t)| to.iter().any(|a| a == V_ADDR)
            && t.contains("CON IL GIUSTO SEGRETO DEL VOSTRO CLUB")),
        "{texts:#?}"
    );
    assert!(
        texts
            .iter()
            .any(|(to, _, t)| to.iter().any(|a| a == REFEREE)
                && t.contains("with that club's right secret: rotate it")),
        "{texts:#?}"
    );
    // The club's real orders, sent after all this, are still accepted.
    let r = d.ingest(&text_mail(V_ADDR, &[], &d.orders("V", SPRING, &raise(100))));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
}

#[test]
fn trusted_senders_in_any_case_and_replies_only_to_registered_addresses() {
    let d = Desk::new();
    // Upper- and mixed-case forms of a registered address are the same mailbox: accepted.
    let r = d.ingest(&text_mail(
        "IL DOGE <DOGE@Leone.EXAMPLE>",
        &[],
        &d.orders("V", SPRING, &raise(100)),
    ));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let r = d.ingest(&text_mail(
        "sforza@BISCIONE.example",
        &[],
        &d.orders("M", SPRING, ""),
    ));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    // The club's own From with a Reply-To elsewhere: accepted, answered at the club.
    let r = d.ingest(&text_mail(
        V_ADDR,
        &[
            &format!("Reply-To: {ATTACKER}"),
            &format!("Sender: {ATTACKER}"),
        ],
        &d.orders("V", SPRING, &raise(110)),
    ));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let out = d.outbox();
    let to: Vec<Vec<String>> = out.iter().map(recipients).collect();
    assert_eq!(
        to,
        [
            club_addresses("V"),
            club_addresses("M"),
            club_addresses("V")
        ],
        "{out:#?}"
    );
    assert!(out.iter().all(|m| m["kind"] == "receipt"));
}

#[test]
fn replays_and_files_for_closed_phases_change_nothing() {
    let d = Desk::new();
    let spring_file = d.orders("V", SPRING, &raise(100));
    let accepted = text_mail(V_ADDR, &[], &spring_file);
    assert_eq!(d.ingest(&accepted)["verdict"], "accepted");
    d.cmd().args(["resolve", "--force"]).assert().success();
    let (dump, sent) = (d.dump(), d.outbox().len());
    assert_ne!(
        d.stdout(&["status"]).lines().nth(1),
        Some("phase:      1494 spring, year 1 of 5")
    );

    // The very same message again: read already, nothing at all happens.
    let r = d.ingest(&accepted);
    assert_eq!(r["verdict"], "duplicate", "{r:#}");
    assert_eq!(d.outbox().len(), sent);

    // The same spring file in a new message, and new orders for the closed spring:
    // the club's own (right address, right secret), so it is told why, and only it.
    for (what, file) in [
        ("replayed spring file", spring_file.clone()),
        (
            "new orders for the resolved spring",
            d.orders("V", SPRING, &raise(300)),
        ),
        (
            "orders for a phase not open yet",
            d.orders("V", "1494-winter", ""),
        ),
    ] {
        let before = d.outbox().len();
        let r = d.ingest(&text_mail(V_ADDR, &[], &file));
        assert_eq!(r["verdict"], "rejected", "{what}: {r:#}");
        assert!(
            r["reason"].as_str().unwrap().contains("la fase aperta"),
            "{what}: {r:#}"
        );
        let new = d.outbox().split_off(before);
        assert_eq!(new.len(), 1, "{what}: {new:#?}");
        assert_eq!(
            (new[0]["kind"].as_str(), recipients(&new[0])),
            (Some("rejection"), club_addresses("V")),
            "{what}"
        );
    }
    assert_eq!(d.dump(), dump, "nothing changed in the campaign");
}

// ---- d. bombs -----------------------------------------------------------------------

/// A multipart message from V with these parts (each: its headers, its body).
fn multipart(parts: &[(&str, Vec<u8>)]) -> Vec<u8> {
    let mut body = Vec::new();
    for (headers, content) in parts {
        body.extend_from_slice(format!("--B\r\n{headers}\r\n\r\n").as_bytes());
        body.extend_from_slice(content);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(b"--B--\r\n");
    let mut raw = mail(
        &[
            &format!("From: {V_ADDR}"),
            "Content-Type: multipart/mixed; boundary=\"B\"",
        ],
        b"",
    );
    raw.extend_from_slice(&body);
    raw
}

fn base64(bytes: &[u8]) -> Vec<u8> {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::with_capacity(bytes.len() * 4 / 3 + bytes.len() / 57 * 2 + 4);
    for (i, chunk) in bytes.chunks(3).enumerate() {
        if i > 0 && i % 19 == 0 {
            out.extend_from_slice(b"\r\n"); // 76-character lines
        }
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (j, &b)| n | u32::from(b) << (16 - 8 * j));
        for j in 0..4 {
            out.push(if j <= chunk.len() {
                ABC[(n >> (18 - 6 * j) & 63) as usize]
            } else {
                b'='
            });
        }
    }
    out
}

/// 50 MiB of zeros, gzip-compressed by Python's gzip module (about 50 KB).
fn gzip_bomb() -> Vec<u8> {
    let out = Command::new(python())
        .args([
            "-c",
            "import gzip,sys; sys.stdout.buffer.write(gzip.compress(bytes(50 << 20), 9))",
        ])
        .output()
        .expect("run Python");
    assert!(out.status.success());
    out.stdout
}

fn bombs(d: &Desk) -> Vec<(&'static str, Vec<u8>, &'static str)> {
    let v = d.orders("V", SPRING, &raise(100));
    let mut nested = format!("From: {V_ADDR}\r\nTo: {REFEREE}\r\nSubject: ordini\r\n");
    for i in 0..10_000 {
        nested.push_str(&format!(
            "Content-Type: multipart/mixed; boundary=\"b{i}\"\r\n\r\n--b{i}\r\n"
        ));
    }
    nested.push_str(&format!("Content-Type: text/plain\r\n\r\n{v}\r\n"));
    for i in (0..10_000).rev() {
        nested.push_str(&format!("--b{i}--\r\n"));
    }
    let many: Vec<(&str, Vec<u8>)> = (0..10_000)
        .map(|i| ("Content-Type: text/plain", format!("part {i}").into_bytes()))
        .collect();
    let huge_toml = format!("{v}{}", "# riempitivo\n".repeat(100_000));
    let gz = gzip_bomb();
    vec![
        (
            "over the size cap",
            text_mail(V_ADDR, &[], &format!("{v}{}", "#".repeat(3 << 20))),
            "larger than the limit of 2097152 bytes",
        ),
        (
            "10 000 nested MIME levels",
            nested.into_bytes(),
            "nests its parts 10000 levels deep; at most 8",
        ),
        (
            "10 000 MIME parts",
            multipart(&many),
            "has 10001 parts; at most 32",
        ),
        (
            "NUL bytes",
            text_mail(V_ADDR, &[], &format!("{v}# \0\0\0\n")),
            "holds a NUL byte",
        ),
        (
            "invalid UTF-8 in the body",
            mail(
                &[&format!("From: {V_ADDR}")],
                &[v.as_bytes(), b"# caff\xe8 \xff\xfe\n"].concat(),
            ),
            "not valid in its character set",
        ),
        (
            "invalid UTF-8 in a header",
            mail_with_bad_header(&v),
            "headers hold bytes that are not UTF-8",
        ),
        (
            "bidi controls in the TOML",
            text_mail(
                V_ADDR,
                &[],
                &format!("{v}note = \"ok \u{202e}001 = eulav\u{202c}\"\n"),
            ),
            "bidirectional control character (U+202E)",
        ),
        (
            "a huge TOML attachment",
            multipart(&[
                (
                    "Content-Type: text/plain; charset=utf-8",
                    b"ordini".to_vec(),
                ),
                (
                    "Content-Type: application/toml\r\nContent-Disposition: attachment; filename=\"ordini.toml\"\r\nContent-Transfer-Encoding: base64",
                    base64(huge_toml.as_bytes()),
                ),
            ]),
            "the order file has 1300",
        ),
        (
            "a gzip bomb attached",
            multipart(&[
                ("Content-Type: text/plain; charset=utf-8", Vec::new()),
                (
                    "Content-Type: application/gzip\r\nContent-Disposition: attachment; filename=\"ordini.toml.gz\"\r\nContent-Transfer-Encoding: base64",
                    base64(&gz),
                ),
            ]),
            "compressed attachment (.zip, .gz…), and compressed files are never opened",
        ),
        (
            "a gzip bomb named .toml",
            multipart(&[(
                "Content-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"ordini.toml\"\r\nContent-Transfer-Encoding: base64",
                base64(&gz),
            )]),
            "does not read and carries no secret",
        ),
        (
            "a 1 MB header line",
            text_mail(V_ADDR, &[&format!("X-Filler: {}", "a".repeat(1 << 20))], &v),
            "a header line has 1048586 bytes; mail allows at most 998",
        ),
    ]
}

fn mail_with_bad_header(orders: &str) -> Vec<u8> {
    let mut raw = format!("From: {V_ADDR}\r\nTo: {REFEREE}\r\nSubject: ordini caff").into_bytes();
    raw.extend_from_slice(b"\xe8 \xff\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n");
    raw.extend_from_slice(orders.replace('\n', "\r\n").as_bytes());
    raw
}

#[test]
fn mail_bombs_are_refused_each_with_its_own_reason() {
    let d = Desk::new();
    let cases = bombs(&d);
    let dump = d.dump();
    let mut figures = Vec::new();
    let mut failures = Vec::new();
    for (name, raw, reason) in &cases {
        let sent = d.outbox().len();
        let r = d.ingest(raw);
        figures.push(format!("{name:<28} {:>9} bytes", raw.len()));
        let got = r["reason"].as_str().unwrap_or("");
        let verdict = r["verdict"].as_str().unwrap_or("");
        // From V's own address the club is told why (rejected), even a message too
        // large to read (its header is read for the sender).
        let expected = "rejected";
        if verdict != expected || !got.contains(reason) {
            failures.push(format!(
                "{name}: {verdict} `{got}` (expected {expected} `{reason}`)"
            ));
        }
        let new = d.outbox().split_off(sent);
        if new.iter().any(|m| m["kind"] == "receipt") {
            failures.push(format!("{name}: a receipt was queued"));
        }
    }
    eprintln!(
        "bombs (giglio inbox --eml, whole process):\n{}",
        figures.join("\n")
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(d.dump(), dump, "the campaign is unchanged");
    // Distinct reasons, one per bomb.
    let reasons: std::collections::BTreeSet<_> = cases.iter().map(|c| c.2).collect();
    assert_eq!(reasons.len(), cases.len());
}

#[test]
fn a_message_that_cannot_be_read_is_explained_in_the_clubs_language() {
    // V plays in Italian, M in English; each sends only a zip file.
    let d = Desk::new();
    let zip = |from: &str| {
        let mut raw = multipart(&[
            ("Content-Type: text/plain; charset=utf-8", Vec::new()),
            (
                "Content-Type: application/zip\r\nContent-Disposition: attachment; filename=\"ordini.zip\"\r\nContent-Transfer-Encoding: base64",
                base64(b"PK\x03\x04"),
            ),
        ]);
        let at = raw
            .windows(V_ADDR.len())
            .position(|w| w == V_ADDR.as_bytes());
        let at = at.expect("multipart() writes V's address");
        raw.splice(at..at + V_ADDR.len(), from.bytes());
        raw
    };
    for from in [V_ADDR, M_ADDR] {
        let r = d.ingest(&zip(from));
        assert_eq!(r["verdict"], "rejected", "{r:#}");
        // The referee's record is in English whatever the club's language.
        assert!(
            r["reason"]
                .as_str()
                .is_some_and(|s| s.contains("compressed attachment (.zip, .gz…)")),
            "{r:#}"
        );
    }
    let out = d.root.join("sent");
    d.cmd()
        .args(["mail", "send", "--to-dir"])
        .arg(&out)
        .assert()
        .success();
    let text_for = |addr: &str| {
        files_in(&out)
            .into_iter()
            .map(|p| std::fs::read(p).expect("read a sent message"))
            .map(|raw| {
                let m = mail_parser::MessageParser::default()
                    .parse(&raw[..])
                    .expect("a mail message");
                let to = m.to().and_then(|t| t.first()).and_then(|a| a.address());
                (
                    to.map(str::to_owned),
                    m.body_text(0).map(|t| t.into_owned()),
                )
            })
            .find(|(to, _)| to.as_deref() == Some(addr))
            .and_then(|(_, text)| text)
            .unwrap_or_default()
    };
    let (it, en) = (text_for(V_ADDR), text_for(M_ADDR));
    // Issue 18 item 5: the attachment was not read, and how orders go; the name the
    // sender gave it is not repeated (the sender is not known to be the club).
    assert!(
        it.contains("Il vostro messaggio non è stato letto")
            && it.contains("allegato compresso")
            && it.contains("come allegato .toml, o scriveteli nel testo")
            && !it.contains("ordini.zip")
            && !it.contains("are not read"),
        "{it}"
    );
    assert!(
        en.contains("Your message was not read")
            && en.contains("compressed attachment")
            && en.contains("as a .toml attachment, or write them in the text")
            && !en.contains("ordini.zip"),
        "{en}"
    );
}

/// Issue 29, point 3: an order file written in the text among a greeting and a
/// signature (with no `-- ` before it) is read; the words are set aside and the receipt
/// says how many lines, in the club's language, never what they said. A text with no
/// order file at all is answered that giglio reads only order files (words around one
/// are fine), and the referee is told where that message is kept: it may be a question.
#[test]
fn orders_among_words_in_the_text_are_read_and_the_words_set_aside() {
    let d = Desk::new();
    let body = format!(
        "Caro arbitro,\necco i nostri ordini per la primavera.\n\n{}\nUn saluto dal Leone,\nMarco\n",
        d.orders("V", SPRING, &raise(100))
    );
    let r = d.ingest(&text_mail(V_ADDR, &[], &body));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let body = format!(
        "Dear referee,\n\n{}\nregards, Lodovico\n",
        d.orders("M", SPRING, "")
    );
    let r = d.ingest(&text_mail(M_ADDR, &[], &body));
    assert_eq!(r["verdict"], "accepted", "{r:#}");
    let texts = sent_texts(&d);
    let to = |addr: &str| {
        texts
            .iter()
            .filter(|(to, _, _)| to.iter().any(|t| t == addr))
            .map(|(_, _, text)| text.clone())
            .collect::<Vec<String>>()
            .join("\n")
    };
    let v = to(V_ADDR);
    assert!(
        v.contains("le 2 righe che lo precedono e le 2 righe che lo seguono."),
        "{v}"
    );
    assert!(v.contains("messo da parte"), "{v}");
    assert!(
        !v.contains("Marco") && !v.contains("Caro arbitro"),
        "never their words: {v}"
    );
    let m = to(M_ADDR);
    assert!(
        m.contains("the line before it and the line after it"),
        "{m}"
    );
    // Only words: told to send the file alone.
    let r = d.ingest(&text_mail(
        M_ADDR,
        &[],
        "Hello, the orders follow tomorrow.\nLodovico\n",
    ));
    assert_eq!(r["verdict"], "rejected", "{r:#}");
    let (subject, last) = sent_texts(&d)
        .into_iter()
        .rfind(|(to, _, _)| to.iter().any(|t| t == M_ADDR))
        .map(|(_, s, t)| (s, t))
        .unwrap_or_default();
    // No orders were refused: a play-test's club read "orders not accepted" over its
    // question as a refusal.
    assert!(
        subject.ends_with("your message holds no order file"),
        "{subject}"
    );
    assert!(last.contains("giglio reads only order files"), "{last}");
    assert!(
        last.contains("a greeting and a signature around it are fine"),
        "no contradiction of the guide, which allows them: {last}"
    );
    assert!(!last.contains("Lodovico"), "never its words: {last}");
    let referee = sent_texts(&d)
        .into_iter()
        .rfind(|(to, _, _)| to.iter().any(|t| t == REFEREE))
        .map(|(_, _, t)| t)
        .unwrap_or_default();
    assert!(
        referee.contains("  no order file")
            && referee.contains("may be a question for you")
            && referee.contains("cur/")
            && referee.contains("  read from "),
        "the referee hears of a message with no order file, and where it is: {referee}"
    );
    assert!(!referee.contains("could not be read"), "{referee}");
}
