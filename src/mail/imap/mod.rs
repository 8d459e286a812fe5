//! Reading an IMAP mailbox (`giglio inbox --imap URL`, `giglio run`): every unseen
//! message, one at a time, handed to intake, then flagged `\Seen` once intake has stored
//! what became of it; and waiting on it for new mail (IDLE, `imap::idle`).
//!
//! `imaps://user@host:port/MAILBOX` speaks TLS from the first byte (port 993), trusting the
//! Web PKI roots plus, for a private server, the PEM file in `GIGLIO_IMAP_CA_FILE`.
//! `imap://` is unencrypted and so is refused for any host but this machine's loopback.
//! The password is read from `GIGLIO_IMAP_PASSWORD`, never from the URL.
//!
//! `\Seen` only saves work: the hash of a message's bytes is what keeps intake from reading
//! it twice. A message a person marked as read in a mail program is skipped, so give giglio
//! a mailbox of its own (a folder a mail filter fills).

use crate::error::{Error, Result};
use async_imap::imap_proto::{Response, Status};
use async_imap::{Client, Session};
use futures_util::TryStreamExt;
use std::fmt::Debug;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpStream;
use tokio_rustls::rustls;

mod idle;

/// The environment variable holding the IMAP password.
const PASSWORD_VAR: &str = "GIGLIO_IMAP_PASSWORD";
/// The environment variable naming an extra CA certificate (PEM) to trust for `imaps://`.
const CA_FILE_VAR: &str = "GIGLIO_IMAP_CA_FILE";
/// How long any one step (connect, a command and its answer) may take.
const STEP_TIMEOUT: Duration = Duration::from_secs(30);

/// Where to read: the parts of an `imap://` or `imaps://` URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Target {
    pub(crate) tls: bool,
    pub(crate) user: String,
    pub(crate) host: String,
    pub(crate) port: u16,
    pub(crate) mailbox: String,
}

impl Target {
    /// Parses `imap[s]://user@host[:port][/MAILBOX]`; the mailbox defaults to INBOX.
    /// The user and the mailbox may be percent-encoded (`club%40example.org`).
    pub(crate) fn parse(url: &str) -> Result<Target> {
        let bad = |why: &str| {
            Error::user(format!(
                "IMAP URL `{url}`: {why} (expected imaps://user@host:port/MAILBOX)"
            ))
        };
        let (tls, rest) = if let Some(r) = url.strip_prefix("imaps://") {
            (true, r)
        } else if let Some(r) = url.strip_prefix("imap://") {
            (false, r)
        } else {
            return Err(bad("it must start with imap:// or imaps://"));
        };
        let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
        let (user, hostport) = authority
            .rsplit_once('@')
            .ok_or_else(|| bad("it names no user"))?;
        if user.contains(':') {
            return Err(bad(&format!(
                "put the password in {PASSWORD_VAR}, not in the URL"
            )));
        }
        let user = percent_decode(user).ok_or_else(|| bad("the user is badly encoded"))?;
        let (host, port) = split_host_port(hostport).ok_or_else(|| bad("bad host or port"))?;
        let mailbox = match percent_decode(path) {
            Some(m) if m.is_empty() => "INBOX".to_owned(),
            Some(m) => m,
            None => return Err(bad("the mailbox is badly encoded")),
        };
        if user.is_empty() || host.is_empty() {
            return Err(bad("the user and the host must not be empty"));
        }
        if [&user, &host, &mailbox]
            .iter()
            .any(|s| s.chars().any(char::is_control))
        {
            return Err(bad("it holds control characters"));
        }
        Ok(Target {
            tls,
            user,
            port: port.unwrap_or(if tls { 993 } else { 143 }),
            host,
            mailbox,
        })
    }

    /// How a message of this mailbox is named in the inbox log.
    fn source(&self, uid: u32) -> String {
        let scheme = if self.tls { "imaps" } else { "imap" };
        format!("{scheme}://{}/{} uid {uid}", self.host, self.mailbox)
    }

    fn is_loopback(&self) -> bool {
        self.host == "localhost"
            || self
                .host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    }
}

/// Splits `host[:port]` or `[v6][:port]`.
fn split_host_port(s: &str) -> Option<(String, Option<u16>)> {
    let (host, port) = if let Some(rest) = s.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        (host, after.strip_prefix(':'))
    } else {
        match s.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (s, None),
        }
    };
    let port = match port {
        Some(p) => Some(p.parse().ok().filter(|&p| p != 0)?),
        None => None,
    };
    Some((host.to_owned(), port))
}

/// Decodes `%XX` escapes; `None` if one is malformed or the result is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Reads every unseen message of the mailbox named by `url`: each is handed to `handle` as
/// (source, bytes, when the server received it) and, once `handle` returns `Ok`, flagged `\Seen`. A message over `cap`
/// bytes is handed over cut to `cap` + 1 bytes, so intake knows it is too large without
/// it ever being downloaded whole. Returns how many messages were handed over.
pub(crate) fn read_unseen(
    url: &str,
    cap: usize,
    mut handle: impl FnMut(&str, &[u8], Option<&str>) -> Result<()>,
) -> Result<usize> {
    connect(
        url,
        Job::Read {
            cap,
            handle: &mut handle,
        },
    )
}

/// Waits on the mailbox named by `url` (IMAP IDLE) until something arrives (true), or
/// `max` passes or `wake` says to stop waiting (false). Unseen messages already there
/// end the wait at once. `max` is the IDLE renewal: a server may drop an IDLE after
/// 30 minutes (RFC 2177), so the caller waits again after at most 29.
pub(crate) fn wait_for_mail(url: &str, max: Duration, wake: &dyn Fn() -> bool) -> Result<bool> {
    connect(url, Job::Wait { max, wake }).map(|n| n > 0)
}

/// What is done with each message read: given its source, its bytes and when the server
/// received it.
type Handler<'a> = dyn FnMut(&str, &[u8], Option<&str>) -> Result<()> + 'a;

/// What a session does once the mailbox is open.
enum Job<'a> {
    /// Hand every unseen message to `handle`, then flag it seen.
    Read {
        cap: usize,
        handle: &'a mut Handler<'a>,
    },
    /// Wait for new mail (IDLE).
    Wait {
        max: Duration,
        wake: &'a dyn Fn() -> bool,
    },
}

/// Checks the URL and the password, then runs `job` in a session of its own.
fn connect(url: &str, job: Job) -> Result<usize> {
    let target = Target::parse(url)?;
    if !target.tls && !target.is_loopback() {
        return Err(Error::user(format!(
            "imap:// sends the password unencrypted: use imaps://{}@{}/{} (or a server on this machine)",
            target.user, target.host, target.mailbox
        )));
    }
    let password = std::env::var(PASSWORD_VAR).map_err(|_| {
        Error::user(format!(
            "set {PASSWORD_VAR} to the IMAP password of {} at {}",
            target.user, target.host
        ))
    })?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::internal(format!("starting the IMAP client: {e}")))?;
    runtime.block_on(run(&target, &password, job))
}

async fn run(target: &Target, password: &str, job: Job<'_>) -> Result<usize> {
    let at = format!("{}:{}", target.host, target.port);
    let tcp = step(&at, "connecting", async {
        TcpStream::connect((target.host.as_str(), target.port))
            .await
            .map_err(|e| Error::io(format!("IMAP server {at}: {e}")))
    })
    .await?;
    if target.tls {
        let tls = step(&at, "TLS handshake", tls_connect(target, tcp)).await?;
        session(target, tls, password, job).await
    } else {
        session(target, tcp, password, job).await
    }
}

/// Wraps the connection in TLS, checking the server's certificate for its host name.
async fn tls_connect(
    target: &Target,
    tcp: TcpStream,
) -> Result<tokio_rustls::client::TlsStream<TcpStream>> {
    let mut roots = rustls::RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Ok(path) = std::env::var(CA_FILE_VAR) {
        use rustls::pki_types::CertificateDer;
        use rustls::pki_types::pem::PemObject;
        let certs = CertificateDer::pem_file_iter(&path)
            .and_then(|it| it.collect::<std::result::Result<Vec<_>, _>>())
            .map_err(|e| Error::user(format!("{CA_FILE_VAR} `{path}`: {e}")))?;
        if certs.is_empty() {
            return Err(Error::user(format!(
                "{CA_FILE_VAR} `{path}` holds no certificate"
            )));
        }
        for cert in certs {
            roots
                .add(cert)
                .map_err(|e| Error::user(format!("{CA_FILE_VAR} `{path}`: {e}")))?;
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::internal(format!("TLS settings: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let name = rustls::pki_types::ServerName::try_from(target.host.clone())
        .map_err(|e| Error::user(format!("IMAP host `{}`: {e}", target.host)))?;
    tokio_rustls::TlsConnector::from(Arc::new(config))
        .connect(name, tcp)
        .await
        .map_err(|e| {
            Error::io(format!(
                "IMAP server {}:{}: TLS: {e}",
                target.host, target.port
            ))
        })
}

/// Greets, logs in, selects the mailbox, does the job, logs out.
async fn session<S>(target: &Target, stream: S, password: &str, job: Job<'_>) -> Result<usize>
where
    S: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    let at = format!("{}:{}", target.host, target.port);
    let mut client = Client::new(stream);
    let greeting = step(&at, "greeting", async {
        client.read_response().await.map_err(|e| io_err(&at, e))
    })
    .await?;
    check_greeting(&at, greeting.as_ref().map(|g| g.parsed()))?;
    let mut imap = step(&at, "login", async {
        client
            .login(&target.user, password)
            .await
            .map_err(|(e, _)| login_err(target, e))
    })
    .await?;
    step(&at, "select", async {
        imap.select(mailbox_name(&target.mailbox))
            .await
            .map_err(|e| protocol_err(&at, &format!("opening mailbox {}", target.mailbox), e))
    })
    .await?;
    let mut uids: Vec<u32> = step(&at, "search", async {
        imap.uid_search("UNSEEN")
            .await
            .map_err(|e| protocol_err(&at, "searching unseen messages", e))
    })
    .await?
    .into_iter()
    .collect();
    uids.sort_unstable();
    let (mut imap, n) = match job {
        Job::Read { cap, handle } => {
            for &uid in &uids {
                let (raw, arrived) = fetch_one(&mut imap, &at, uid, cap).await?;
                handle(&target.source(uid), &raw, arrived.as_deref())?;
                step(&at, "store", async {
                    imap.uid_store(uid.to_string(), "+FLAGS.SILENT (\\Seen)")
                        .await
                        .map_err(|e| protocol_err(&at, "flagging a message seen", e))?
                        .try_collect::<Vec<_>>()
                        .await
                        .map_err(|e| protocol_err(&at, "flagging a message seen", e))
                })
                .await?;
            }
            (imap, uids.len())
        }
        Job::Wait { .. } if !uids.is_empty() => (imap, uids.len()),
        Job::Wait { max, wake } => idle::wait(imap, &at, max, wake).await?,
    };
    // Everything is stored by now: a server that answers LOGOUT badly changes nothing.
    let _ = step(&at, "logout", async {
        imap.logout()
            .await
            .map_err(|e| protocol_err(&at, "LOGOUT", e))
    })
    .await;
    Ok(n)
}

/// Fetches one message by UID without setting `\Seen`: whole if its RFC822.SIZE is
/// within `cap`, else only its first `cap` + 1 bytes; with when the server received it
/// (its INTERNALDATE, RFC 3339 UTC), by which lateness is judged.
async fn fetch_one<S>(
    imap: &mut Session<S>,
    at: &str,
    uid: u32,
    cap: usize,
) -> Result<(Vec<u8>, Option<String>)>
where
    S: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    // Unsolicited FETCH answers about other messages may arrive too: keep only this one.
    let ours = |f: &async_imap::types::Fetch| f.uid.is_none_or(|u| u == uid);
    let sizes = fetch(imap, at, uid, "(UID RFC822.SIZE INTERNALDATE)").await?;
    let size = sizes.iter().filter(|f| ours(f)).find_map(|f| f.size);
    let arrived = sizes
        .iter()
        .filter(|f| ours(f))
        .find_map(|f| f.internal_date())
        .map(|d| {
            d.with_timezone(&chrono::Utc)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
        });
    let whole = size.is_some_and(|s| usize::try_from(s).is_ok_and(|s| s <= cap));
    let query = if whole {
        "(UID BODY.PEEK[])".to_owned()
    } else {
        format!("(UID BODY.PEEK[]<0.{}>)", cap.saturating_add(1))
    };
    let answers = fetch(imap, at, uid, &query).await?;
    let body = answers
        .iter()
        .filter(|f| ours(f))
        .find_map(|f| f.body())
        .ok_or_else(|| {
            Error::io(format!(
                "IMAP server {at}: no message body in the answer for uid {uid}"
            ))
        })?;
    // A server that ignores the partial range still never hands intake more than cap + 1.
    Ok((
        body[..body.len().min(cap.saturating_add(1))].to_vec(),
        arrived,
    ))
}

/// Runs one UID FETCH and collects its answers.
async fn fetch<S>(
    imap: &mut Session<S>,
    at: &str,
    uid: u32,
    query: &str,
) -> Result<Vec<async_imap::types::Fetch>>
where
    S: AsyncRead + AsyncWrite + Unpin + Debug + Send,
{
    step(at, "fetch", async {
        imap.uid_fetch(uid.to_string(), query)
            .await
            .map_err(|e| protocol_err(at, "fetching a message", e))?
            .try_collect::<Vec<_>>()
            .await
            .map_err(|e| protocol_err(at, "fetching a message", e))
    })
    .await
}

/// Refuses a greeting that is not `* OK` (or `* PREAUTH`).
fn check_greeting(at: &str, greeting: Option<&Response>) -> Result<()> {
    match greeting {
        Some(Response::Data {
            status: Status::Ok | Status::PreAuth,
            ..
        }) => Ok(()),
        Some(Response::Data {
            status, outcome, ..
        }) => Err(Error::io(format!(
            "IMAP server {at} refused the connection: {} {}",
            format!("{status:?}").to_uppercase(),
            clean(outcome.information.as_deref().unwrap_or(""))
        ))),
        Some(_) => Err(Error::io(format!(
            "IMAP server {at}: its greeting is not `* OK`"
        ))),
        None => Err(Error::io(format!(
            "IMAP server {at} closed the connection before greeting"
        ))),
    }
}

/// Runs one step of the conversation under the step timeout.
pub(super) async fn step<T>(
    at: &str,
    what: &str,
    fut: impl Future<Output = Result<T>>,
) -> Result<T> {
    tokio::time::timeout(STEP_TIMEOUT, fut).await.map_err(|_| {
        Error::io(format!(
            "IMAP server {at}: no answer within {} s ({what})",
            STEP_TIMEOUT.as_secs()
        ))
    })?
}

fn io_err(at: &str, e: std::io::Error) -> Error {
    Error::io(format!("IMAP server {at}: {}", clean(&e.to_string())))
}

/// Server text fit for a terminal: the parser's "during parsing of <bytes>" becomes a
/// plain sentence, control characters are masked, and the length is bounded.
fn clean(text: &str) -> String {
    if text.contains("during parsing") {
        return "it sent something that is not IMAP".into();
    }
    let masked: String = text
        .chars()
        .map(|c| if c.is_control() { '?' } else { c })
        .take(300)
        .collect();
    masked.trim().to_owned()
}

fn login_err(target: &Target, e: async_imap::error::Error) -> Error {
    use async_imap::error::Error as E;
    match e {
        E::No(why) | E::Bad(why) => Error::user(format!(
            "IMAP server {}:{} refused the login of `{}`: {} (check {PASSWORD_VAR})",
            target.host,
            target.port,
            target.user,
            server_words(&why)
        )),
        other => Error::io(format!(
            "IMAP server {}:{}: logging in: {}",
            target.host,
            target.port,
            clean(&other.to_string())
        )),
    }
}

pub(super) fn protocol_err(at: &str, doing: &str, e: async_imap::error::Error) -> Error {
    use async_imap::error::Error as E;
    match e {
        E::No(why) | E::Bad(why) => Error::user(format!(
            "IMAP server {at} refused {doing}: {}",
            server_words(&why)
        )),
        other => Error::io(format!(
            "IMAP server {at}: {doing}: {}",
            clean(&other.to_string())
        )),
    }
}

/// The server's own words out of async-imap's Debug-formatted NO/BAD text
/// (`code: None, info: Some("[AUTHENTICATIONFAILED] Authentication failed.")`).
fn server_words(why: &str) -> String {
    let words = match (why.find("Some(\""), why.rfind("\")")) {
        (Some(start), Some(end)) if start + 6 <= end => why[start + 6..end].replace("\\\"", "\""),
        _ => why.to_owned(),
    };
    clean(&words)
}

/// A mailbox name as IMAP writes it (RFC 3501 section 5.1.3, modified UTF-7): printable
/// ASCII stands for itself, `&` is `&-`, and every run of other characters is their
/// UTF-16 in base64 (`,` for `/`, no padding) between `&` and `-`. `Posta in arrivo/Città`
/// is `Posta in arrivo/Citt&AOA-`.
fn mailbox_name(name: &str) -> String {
    use base64::Engine;
    fn flush(out: &mut String, run: &mut Vec<u16>) {
        if run.is_empty() {
            return;
        }
        let bytes: Vec<u8> = run.iter().flat_map(|u| u.to_be_bytes()).collect();
        out.push('&');
        out.push_str(
            &base64::engine::general_purpose::STANDARD_NO_PAD
                .encode(bytes)
                .replace('/', ","),
        );
        out.push('-');
        run.clear();
    }
    let mut out = String::new();
    let mut run = Vec::new();
    for c in name.chars() {
        if (' '..='~').contains(&c) {
            flush(&mut out, &mut run);
            if c == '&' {
                out.push_str("&-");
            } else {
                out.push(c);
            }
        } else {
            run.extend_from_slice(c.encode_utf16(&mut [0; 2]));
        }
    }
    flush(&mut out, &mut run);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_url_gives_user_host_port_and_mailbox() {
        let t =
            Target::parse("imaps://club%40example.org@mail.example.org/Ordini%20Giglio").unwrap();
        assert_eq!(
            t,
            Target {
                tls: true,
                user: "club@example.org".into(),
                host: "mail.example.org".into(),
                port: 993,
                mailbox: "Ordini Giglio".into(),
            }
        );
        let t = Target::parse("imap://club@127.0.0.1:10143").unwrap();
        assert_eq!((t.port, t.mailbox.as_str(), t.tls), (10143, "INBOX", false));
        assert_eq!(t.source(7), "imap://127.0.0.1/INBOX uid 7");
        let t = Target::parse("imap://u@[::1]:143/INBOX").unwrap();
        assert!(t.is_loopback());
    }

    #[test]
    fn mailbox_names_beyond_ascii_are_written_in_modified_utf7() {
        // The example of RFC 3501 section 5.1.3, and folders as Dovecot and Thunderbird
        // name them.
        assert_eq!(
            mailbox_name("~peter/mail/台北/日本語"),
            "~peter/mail/&U,BTFw-/&ZeVnLIqe-"
        );
        assert_eq!(
            mailbox_name("Отправленные"),
            "&BB4EQgQ,BEAEMAQyBDsENQQ9BD0ESwQ1-"
        );
        assert_eq!(mailbox_name("Répertoire"), "R&AOk-pertoire");
        assert_eq!(mailbox_name("Città & Ordini"), "Citt&AOA- &- Ordini");
        assert_eq!(mailbox_name("INBOX"), "INBOX");
        // Outside the BMP: a surrogate pair.
        assert_eq!(mailbox_name("⚔🏰"), "&JpTYPN,w-");
    }

    #[test]
    fn bad_urls_are_refused_by_what_is_wrong() {
        for (url, why) in [
            ("pop3://u@h/INBOX", "must start with"),
            ("imaps://h/INBOX", "names no user"),
            ("imaps://u:pw@h/INBOX", PASSWORD_VAR),
            ("imaps://u@h:port/INBOX", "bad host or port"),
            ("imaps://u@h:0/INBOX", "bad host or port"),
            ("imaps://u@h/IN%0ABOX", "control characters"),
            ("imaps://u@h/IN%zzBOX", "badly encoded"),
        ] {
            let e = Target::parse(url).unwrap_err().to_string();
            assert!(e.contains(why), "{url}: {e}");
        }
    }

    #[test]
    fn a_refusal_keeps_the_servers_words() {
        assert_eq!(
            server_words(
                r#"code: None, info: Some("[AUTHENTICATIONFAILED] Authentication failed.")"#
            ),
            "[AUTHENTICATIONFAILED] Authentication failed."
        );
        assert_eq!(server_words(" no such mailbox "), "no such mailbox");
    }

    #[test]
    fn plain_imap_is_refused_beyond_this_machine() {
        let e = read_unseen("imap://u@mail.example.org/INBOX", 10, |_, _, _| Ok(())).unwrap_err();
        assert!(e.to_string().contains("unencrypted"), "{e}");
    }
}
