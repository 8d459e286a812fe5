//! `giglio mail send`: delivering the outbox, verbatim, through an SMTP server or as
//! `.eml` files in a folder.
//!
//! A row is marked sent only after the server accepted it (or the file is safely on
//! disk). Temporary failures (4xx, a dropped connection) are retried with a doubling
//! wait; permanent ones (5xx) mark the row failed. A retry sends the stored bytes: it
//! never renders again. Only one sender runs at a time (the campaign's write lock), so
//! no message goes out twice, except in the gap RFC 1047 describes (the server took the
//! message but its answer was lost), and then with the same Message-ID.

use super::config::{Config, Security, SmtpConfig};
use crate::error::{Error, Result};
use crate::storage::{OutboxRow, Status, Store};
use lettre::address::Envelope;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{Address, SmtpTransport, Transport};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

/// Where messages go.
pub enum Sink {
    Smtp {
        transport: Box<SmtpTransport>,
        settings: SmtpConfig,
    },
    Files(PathBuf),
}

/// What a delivery run did.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Sent {
    pub sent: usize,
    pub failed: usize,
    /// Left in the queue after temporary failures; the next run tries them again.
    pub deferred: usize,
    pub errors: Vec<String>,
}

/// Why one attempt failed.
enum Failure {
    /// 4xx, a timeout, a dropped connection: try again later.
    Temporary(String),
    /// 5xx, a refused address: never going to work as it is.
    Permanent(String),
}

/// Builds the sink the configuration asks for: SMTP if a server is set, else files in
/// `out_dir` (or `files`, when given, whatever the configuration says).
pub fn sink(dir: &Path, config: &Config, files: Option<&Path>) -> Result<Sink> {
    if let Some(f) = files {
        return Ok(Sink::Files(f.to_path_buf()));
    }
    let Some(smtp) = &config.smtp else {
        return Ok(Sink::Files(dir.join(&config.mail.out_dir)));
    };
    Ok(Sink::Smtp {
        transport: Box::new(transport(smtp)?),
        settings: smtp.clone(),
    })
}

/// Builds the SMTP transport. Only safe constructors: TLS is required unless the
/// configuration says `security = "none"`.
fn transport(s: &SmtpConfig) -> Result<SmtpTransport> {
    let smtp_err = |e: lettre::transport::smtp::Error| Error::user(format!("SMTP {}: {e}", s.host));
    let tls_params = || -> Result<TlsParameters> {
        let mut b = TlsParameters::builder(s.host.clone());
        if let Some(ca) = &s.ca_file {
            let pem = std::fs::read(ca)
                .map_err(|e| Error::Io(format!("CA file {}: {e}", ca.display())))?;
            let cert = Certificate::from_pem(&pem)
                .map_err(|e| Error::user(format!("CA file {}: {e}", ca.display())))?;
            b = b.add_root_certificate(cert);
        }
        b.build_rustls().map_err(smtp_err)
    };
    let builder = match s.security {
        Security::Starttls => SmtpTransport::starttls_relay(&s.host)
            .map_err(smtp_err)?
            .tls(Tls::Required(tls_params()?)),
        Security::Tls => SmtpTransport::relay(&s.host)
            .map_err(smtp_err)?
            .tls(Tls::Wrapper(tls_params()?)),
        Security::None => SmtpTransport::starttls_relay(&s.host)
            .map_err(smtp_err)?
            .tls(Tls::None),
    };
    let mut builder = builder
        .port(s.port)
        .timeout(Some(Duration::from_secs(s.timeout_secs)));
    if let Some(user) = &s.user {
        let password = s.password.clone().ok_or_else(|| {
            Error::user("an SMTP user is set but no password: set GIGLIO_SMTP_PASSWORD")
        })?;
        builder = builder.credentials(Credentials::new(user.clone(), password));
    }
    Ok(builder.build())
}

/// Sends every queued message, oldest first. `progress` is told after each.
pub fn send_queued(
    store: &mut Store,
    sink: &Sink,
    now: &dyn Fn() -> String,
    progress: &dyn Fn(usize, usize),
) -> Result<Sent> {
    let queued = store.outbox(Some(Status::Queued))?;
    let mut report = Sent::default();
    let total = queued.len();
    for (i, row) in queued.iter().enumerate() {
        match deliver_with_retries(store, sink, row)? {
            Ok(()) => {
                store.mark_sent(row.id, &now())?;
                report.sent += 1;
            }
            Err(Failure::Permanent(e)) => {
                store.mark_attempt(row.id, &e, true)?;
                report.failed += 1;
                report.errors.push(format!("{}: {e}", row.message_id));
            }
            Err(Failure::Temporary(e)) => {
                // The server keeps failing: leave this and the rest for the next run
                // rather than hammer it.
                report.deferred += total - i;
                report.errors.push(format!(
                    "{}: {e}; {} messages left queued for the next `giglio mail send`",
                    row.message_id,
                    total - i
                ));
                break;
            }
        }
        progress(i + 1, total);
    }
    Ok(report)
}

/// Tries one message up to the configured number of times.
fn deliver_with_retries(
    store: &mut Store,
    sink: &Sink,
    row: &OutboxRow,
) -> Result<std::result::Result<(), Failure>> {
    let (attempts, base) = match sink {
        Sink::Smtp { settings, .. } => (settings.max_attempts.max(1), settings.retry_base_ms),
        Sink::Files(_) => (1, 0),
    };
    let mut wait = base;
    for attempt in 1..=attempts {
        match deliver_once(sink, row) {
            Ok(()) => return Ok(Ok(())),
            Err(Failure::Permanent(e)) => return Ok(Err(Failure::Permanent(e))),
            Err(Failure::Temporary(e)) => {
                store.mark_attempt(row.id, &e, false)?;
                if attempt == attempts {
                    return Ok(Err(Failure::Temporary(e)));
                }
                std::thread::sleep(Duration::from_millis(wait));
                wait = wait.saturating_mul(2);
            }
        }
    }
    unreachable!("the loop returns on its last attempt")
}

fn deliver_once(sink: &Sink, row: &OutboxRow) -> std::result::Result<(), Failure> {
    match sink {
        Sink::Files(dir) => write_eml(dir, row).map_err(|e| Failure::Temporary(e.to_string())),
        Sink::Smtp { transport, .. } => {
            let envelope = envelope_of(row).map_err(Failure::Permanent)?;
            transport
                .send_raw(&envelope, &row.raw)
                .map(|_| ())
                .map_err(|e| {
                    if e.is_permanent() {
                        Failure::Permanent(e.to_string())
                    } else {
                        Failure::Temporary(e.to_string())
                    }
                })
        }
    }
}

/// The SMTP envelope: the From of the message and the row's recipients, nothing else.
fn envelope_of(row: &OutboxRow) -> std::result::Result<Envelope, String> {
    let from = header_from(&row.raw).ok_or("the stored message has no From")?;
    let to = row
        .recipients
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
fn write_eml(dir: &Path, row: &OutboxRow) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let name: String = row
        .message_id
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
        f.write_all(&row.raw)?;
        f.sync_all()?;
    }
    std::fs::rename(&tmp, &path)
}
