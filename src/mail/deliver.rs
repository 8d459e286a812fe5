//! `giglio mail send`: delivering the outbox, verbatim, through an SMTP server or as
//! `.eml` files in a folder.
//!
//! A row is marked sent only after the server accepted it (or the file is safely on
//! disk: to a folder, the run's files are all synced, then marked sent in one
//! transaction). Temporary failures (a 4xx reply, no connection) are retried with a
//! doubling wait; permanent ones (5xx) mark the row failed, and a refused login fails
//! the whole run at once rather than log in again for every message. A retry sends the stored
//! bytes: it never renders again. Only one sender runs at a time (the campaign's write
//! lock), so no message goes out twice, except in the gap RFC 1047 describes (the
//! server took the message but its answer was lost), and then with the same Message-ID;
//! a connection lost before the answer is therefore not retried in the same run, so
//! that gap costs at most one copy per run.

use super::config::{Config, Security, SmtpConfig};
use super::smtp::{Encryption, SendError, Server, Session};
use crate::error::{Error, Result};
use crate::storage::{OutboxRow, Status, Store};
use lettre::Address;
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, TlsParameters};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// Where messages go.
pub enum Sink {
    Smtp {
        /// The session, opened at the first message and kept for the run.
        session: Box<std::cell::RefCell<Session>>,
        settings: SmtpConfig,
    },
    Files(PathBuf),
}

/// What a delivery run did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct Sent {
    pub sent: usize,
    pub(crate) failed: usize,
    /// Left in the queue after temporary failures; the next run tries them again.
    pub(crate) deferred: usize,
    pub errors: Vec<String>,
}

/// Why one attempt failed.
#[derive(Debug, PartialEq, Eq)]
enum Failure {
    /// A 4xx reply, or no connection at all: try again after a wait.
    Temporary(String),
    /// The connection broke or timed out before the server answered: it may have taken
    /// the message (RFC 1047), so trying again at once would likely deliver it twice.
    /// Left queued for the next run.
    NoReply(String),
    /// 5xx for this message, a refused address: never going to work as it is.
    Permanent(String),
    /// The server refuses the session itself (a failed login): no message can go.
    Refused(String),
}

/// Permanent replies about the session, not the message: authentication required,
/// mechanism too weak, credentials invalid, encryption required for it (RFC 4954).
const SESSION_REFUSED: [&str; 4] = ["530", "534", "535", "538"];

/// Builds the sink the configuration asks for: SMTP if a server is set, else files in
/// `out_dir` (or `files`, when given, whatever the configuration says).
pub fn sink(dir: &Path, config: &Config, files: Option<&Path>) -> Result<Sink> {
    if let Some(f) = files {
        return Ok(Sink::Files(f.to_path_buf()));
    }
    let Some(smtp) = &config.smtp else {
        return Ok(Sink::Files(dir.join(&config.mail.out_dir)));
    };
    smtp.check(dir)?;
    config.mail.refuse_placeholders(dir).map_err(Error::user)?;
    let server = server(smtp)?;
    resolves(dir, smtp)?;
    Ok(Sink::Smtp {
        session: Box::new(std::cell::RefCell::new(Session::new(server))),
        settings: smtp.clone(),
    })
}

/// Looks the server's name up before the first message, so a mistyped host is named
/// once, where it was written, rather than as a failure of every message.
fn resolves(dir: &Path, s: &SmtpConfig) -> Result<()> {
    use std::net::ToSocketAddrs;
    let host = s.host.trim().trim_start_matches('[').trim_end_matches(']');
    match (host, s.port).to_socket_addrs().map(|mut a| a.next()) {
        Ok(Some(_)) => Ok(()),
        Ok(None) => Err(Error::user(format!(
            "{}: `{host}` has no address",
            s.place(dir, "host")
        ))),
        Err(e) => Err(Error::user(format!(
            "{}: the SMTP server `{host}` cannot be found ({e}); check the name",
            s.place(dir, "host")
        ))),
    }
}

/// What the SMTP session connects to and how. TLS is required unless the configuration
/// says `security = "none"`, which only a server on this machine may use.
fn server(s: &SmtpConfig) -> Result<Server> {
    if s.security == Security::None && !is_loopback(&s.host) {
        return Err(Error::user(format!(
            "SMTP {}: security = \"none\" would send the reports and the password \
             unencrypted; it is only for a server on this machine (127.0.0.1, ::1, \
             localhost): use starttls or tls",
            s.host
        )));
    }
    let smtp_err = |e: lettre::transport::smtp::Error| {
        Error::user(format!("SMTP {}: {e}", s.host))
            .with_hint("check host, port, security and ca_file under [smtp] in giglio.toml")
    };
    let tls_params = || -> Result<TlsParameters> {
        let mut b = TlsParameters::builder(s.host.clone());
        if let Some(ca) = &s.ca_file {
            let pem = std::fs::read(ca).map_err(|e| Error::read_at(ca, e))?;
            let cert = Certificate::from_pem(&pem)
                .map_err(|e| Error::user(format!("CA file {}: {e}", ca.display())))?;
            b = b.add_root_certificate(cert);
        }
        b.build_rustls().map_err(smtp_err)
    };
    let encryption = match s.security {
        Security::Starttls => Encryption::Required(tls_params()?),
        Security::Tls => Encryption::Wrapper(tls_params()?),
        Security::None => Encryption::None,
    };
    // `SmtpConfig::check` has refused a user without a password already.
    let credentials = s
        .user
        .as_ref()
        .map(|user| Credentials::new(user.clone(), s.password.clone().unwrap_or_default()));
    Ok(Server {
        host: s
            .host
            .trim()
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_owned(),
        port: s.port,
        timeout: Duration::from_secs(s.timeout_secs),
        encryption,
        credentials,
    })
}

/// Returns whether a host names this machine.
fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Sends every queued message, oldest first. `progress` is told after each.
pub fn send_queued(
    store: &mut Store,
    sink: &Sink,
    now: &dyn Fn() -> String,
    progress: &dyn Fn(usize, usize),
) -> Result<Sent> {
    let queued = store.outbox(Some(Status::Queued))?;
    let (session, settings) = match sink {
        Sink::Files(dir) => return write_queued(store, dir, &queued, now, progress),
        Sink::Smtp { session, settings } => (session, settings),
    };
    let mut session = session.borrow_mut();
    let mut report = Sent::default();
    let total = queued.len();
    for (i, row) in queued.iter().enumerate() {
        let raw = bytes_of(store, row)?;
        crate::failpoint::hit("send.before_write");
        match deliver_with_retries(store, &mut session, settings, row, &raw)? {
            Ok(()) => {
                crate::failpoint::hit("send.accepted");
                store.mark_sent(row.id, &now())?;
                crate::failpoint::hit("send.marked_sent");
                report.sent += 1;
            }
            Err(Failure::Permanent(e)) => fail(store, &mut report, row, &e)?,
            Err(Failure::Refused(e)) => {
                // Every message would meet the same refusal: fail them all now rather
                // than log in again once per message (servers lock accounts for less).
                fail(store, &mut report, row, &e)?;
                for r in &queued[i + 1..] {
                    fail(store, &mut report, r, &format!("not tried: {e}"))?;
                }
                progress(total, total);
                break;
            }
            Err(Failure::Temporary(e) | Failure::NoReply(e)) => {
                // The server keeps failing: leave this and the rest for the next run
                // rather than hammer it.
                defer(&mut report, row, &e, total - i);
                break;
            }
        }
        progress(i + 1, total);
    }
    session.quit();
    Ok(report)
}

/// Sends messages through the configured SMTP server as `mail send` does, but outside
/// the outbox: nothing is read from or marked in a campaign. The transport alone, so
/// `benches/delivery.rs` counts giglio's one durable write per message apart. Returns how
/// many the server accepted; stops at the first failure.
pub fn send_unrecorded(
    dir: &Path,
    config: &Config,
    msgs: &[crate::storage::OutMessage],
) -> Result<usize> {
    let Sink::Smtp { session, .. } = sink(dir, config, None)? else {
        return Err(Error::user("no SMTP server is set in giglio.toml"));
    };
    let mut session = session.borrow_mut();
    let mut sent = 0;
    for m in msgs {
        let envelope = envelope_of(&m.recipients, &m.raw).map_err(Error::user)?;
        session
            .send(&envelope, data_of(&m.raw))
            .map_err(|e| Error::user(format!("{}: {e:?}", m.message_id)))?;
        sent += 1;
    }
    session.quit();
    Ok(sent)
}

/// Writes every queued message to a folder, then marks them all sent in one
/// transaction. Each file is whole before its name appears (written, synced, renamed)
/// and the folder is synced before the mark, so a row marked sent always has its file;
/// a crash before the mark leaves the rows queued, and the rerun writes the same bytes
/// under the same names, so no file is doubled. One durable commit for the run rather
/// than one per message (and one sync of the folder rather than one per file).
fn write_queued(
    store: &mut Store,
    dir: &Path,
    queued: &[OutboxRow],
    now: &dyn Fn() -> String,
    progress: &dyn Fn(usize, usize),
) -> Result<Sent> {
    let mut report = Sent::default();
    let total = queued.len();
    let mut written = Vec::with_capacity(total);
    for (i, row) in queued.iter().enumerate() {
        let raw = bytes_of(store, row)?;
        crate::failpoint::hit("send.before_write");
        if let Err(e) = write_eml(dir, &row.message_id, &raw) {
            // The folder keeps failing: leave this and the rest for the next run.
            store.mark_attempt(row.id, &e.to_string(), false)?;
            defer(&mut report, row, &e.to_string(), total - i);
            break;
        }
        written.push(row.id);
        progress(i + 1, total);
    }
    if written.is_empty() {
        return Ok(report);
    }
    // The renames live in the folder: sync it too, or a power cut after the rows are
    // marked sent could lose the files.
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| Error::io_at(dir, e))?;
    crate::failpoint::hit("send.accepted");
    report.sent = store.mark_all_sent(&written, &now())?;
    crate::failpoint::hit("send.marked_sent");
    Ok(report)
}

/// A queued message's bytes, read when it goes: one message in memory at a time.
fn bytes_of(store: &Store, row: &OutboxRow) -> Result<Vec<u8>> {
    store.message_bytes(row.id)?.ok_or_else(|| {
        Error::internal(format!(
            "the queued message {} has no bytes; the campaign file may be damaged",
            row.message_id
        ))
    })
}

/// Reports `left` messages, from `row` on, left queued for the next run.
fn defer(report: &mut Sent, row: &OutboxRow, e: &str, left: usize) {
    report.deferred += left;
    report.errors.push(format!(
        "{}: {e}; {left} messages left queued for the next `giglio mail send`",
        row.message_id
    ));
}

/// Marks a row failed and reports it.
fn fail(store: &mut Store, report: &mut Sent, row: &OutboxRow, e: &str) -> Result<()> {
    store.mark_attempt(row.id, e, true)?;
    report.failed += 1;
    report.errors.push(format!("{}: {e}", row.message_id));
    Ok(())
}

/// Tries one message up to the configured number of times.
fn deliver_with_retries(
    store: &mut Store,
    session: &mut Session,
    settings: &SmtpConfig,
    row: &OutboxRow,
    raw: &[u8],
) -> Result<std::result::Result<(), Failure>> {
    let attempts = settings.max_attempts.max(1);
    let mut wait = settings.retry_base_ms;
    for attempt in 1..=attempts {
        match deliver_once(session, row, raw) {
            Ok(()) => return Ok(Ok(())),
            Err(Failure::NoReply(e)) => {
                store.mark_attempt(row.id, &e, false)?;
                return Ok(Err(Failure::NoReply(e)));
            }
            Err(Failure::Temporary(e)) => {
                store.mark_attempt(row.id, &e, false)?;
                if attempt == attempts {
                    return Ok(Err(Failure::Temporary(e)));
                }
                std::thread::sleep(Duration::from_millis(wait));
                wait = wait.saturating_mul(2);
            }
            Err(other) => return Ok(Err(other)),
        }
    }
    unreachable!("the loop returns on its last attempt")
}

fn deliver_once(
    session: &mut Session,
    row: &OutboxRow,
    raw: &[u8],
) -> std::result::Result<(), Failure> {
    let envelope = envelope_of(&row.recipients, raw).map_err(Failure::Permanent)?;
    session.send(&envelope, data_of(raw)).map_err(|e| match e {
        SendError::Smtp(e) => classify(&e),
        SendError::Unsupported(why) => Failure::Permanent(why.to_owned()),
    })
}

/// Sorts an SMTP error by what to do next.
fn classify(e: &lettre::transport::smtp::Error) -> Failure {
    let text = e.to_string();
    let code = e.status().map(|c| c.to_string());
    if e.is_permanent() {
        if code.is_some_and(|c| SESSION_REFUSED.contains(&c.as_str())) {
            Failure::Refused(text)
        } else {
            Failure::Permanent(text)
        }
    } else if e.is_transient() {
        Failure::Temporary(text)
    } else if e.is_response() || e.is_timeout() || broken_mid_session(e) {
        Failure::NoReply(text)
    } else {
        // No connection (refused, no route, no such host), TLS or client trouble: the
        // server never saw the message.
        Failure::Temporary(text)
    }
}

/// Returns whether an error comes from a connection that broke while in use (as
/// opposed to one that could not be made).
fn broken_mid_session(e: &lettre::transport::smtp::Error) -> bool {
    use std::io::ErrorKind::{BrokenPipe, ConnectionAborted, ConnectionReset, UnexpectedEof};
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        if let Some(io) = s.downcast_ref::<std::io::Error>() {
            return matches!(
                io.kind(),
                BrokenPipe | ConnectionAborted | ConnectionReset | UnexpectedEof
            );
        }
        source = s.source();
    }
    false
}

/// The bytes to hand to lettre so that the server receives exactly the stored message:
/// lettre always ends DATA with CRLF.CRLF, so a message that already ends with CRLF would
/// arrive with one empty line more than the outbox (and the `.eml` file) holds.
fn data_of(raw: &[u8]) -> &[u8] {
    raw.strip_suffix(b"\r\n").unwrap_or(raw)
}

/// The SMTP envelope: the From of the message and the row's recipients, nothing else.
fn envelope_of(recipients: &[String], raw: &[u8]) -> std::result::Result<Envelope, String> {
    let from = header_from(raw).ok_or("the stored message has no From")?;
    let to = recipients
        .iter()
        .map(|a| Address::from_str(a).map_err(|e| format!("recipient `{a}`: {e}")))
        .collect::<std::result::Result<Vec<_>, _>>()?;
    Envelope::new(Some(from), to).map_err(|e| e.to_string())
}

/// Reads the address of the From header of a message we composed.
fn header_from(raw: &[u8]) -> Option<Address> {
    let msg = mail_parser::MessageParser::default().parse(raw)?;
    let addr = msg.from()?.first()?.address()?;
    Address::from_str(addr).ok()
}

/// Writes a message as `<message id>.eml`: to a temporary name, synced, then renamed,
/// so a crash leaves either no file or the whole one, and a second write is the same.
/// The caller syncs the folder.
fn write_eml(dir: &Path, message_id: &str, raw: &[u8]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let name: String = message_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-._".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    let path = dir.join(format!("{name}.eml"));
    let tmp = dir.join(format!(".{name}.tmp"));
    {
        use std::io::Write;
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(raw)?;
        f.sync_all()?;
    }
    crate::failpoint::hit("send.file.before_rename");
    std::fs::rename(&tmp, &path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_final_crlf_is_left_to_the_data_terminator() {
        assert_eq!(data_of(b"body\r\n"), b"body");
        assert_eq!(data_of(b"body\r\n\r\n"), b"body\r\n");
        assert_eq!(data_of(b"body"), b"body");
    }

    #[test]
    fn only_this_machine_may_be_reached_without_encryption() {
        for host in [
            "127.0.0.1",
            "127.0.0.2",
            "::1",
            "[::1]",
            "localhost",
            "LOCALHOST",
        ] {
            assert!(is_loopback(host), "{host}");
        }
        for host in [
            "smtp.example.org",
            "192.168.1.10",
            "0.0.0.0",
            "localhost.evil.example",
        ] {
            assert!(!is_loopback(host), "{host}");
        }
        let remote = SmtpConfig {
            host: "smtp.example.org".into(),
            port: 25,
            security: Security::None,
            user: None,
            password: None,
            ca_file: None,
            timeout_secs: 1,
            max_attempts: 1,
            retry_base_ms: 0,
            from_env: Vec::new(),
        };
        let e = server(&remote).err().expect("refused");
        assert!(e.to_string().contains("unencrypted"), "{e}");
    }
}
