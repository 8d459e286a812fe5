//! Real mail servers for tests (owned by the test infrastructure): the SMTP sink of
//! `tests/support/smtp_sink.py` and a Dovecot IMAP server, on free loopback ports, stopped
//! when the fixture is dropped. `.ci/run` installs them.
//!
//! ```ignore
//! let servers = MailServers::start(MailOpts::default()); // STARTTLS + AUTH, no fault
//! // ... point giglio at 127.0.0.1:servers.smtp_port, trusting servers.ca_pem_path ...
//! assert_eq!(servers.received().len(), 1);
//! ```

use std::collections::HashSet;
use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

/// The SMTP user and password in TLS mode.
pub const SMTP_USER: &str = "referee";
pub const SMTP_PASSWORD: &str = "s3cret";
/// Dovecot accepts any user name with this password.
pub const IMAP_PASSWORD: &str = "secret";

const PYTHON: &str = "/opt/mailtest-venv/bin/python";
const INSTALL_HINT: &str = "the test mail servers are not installed: run `bash .ci/run` once \
     (as root it runs: apt-get install -y --no-install-recommends dovecot-imapd openssl python3-venv; \
     /usr/bin/python3 -m venv /opt/mailtest-venv; /opt/mailtest-venv/bin/pip install aiosmtpd==1.4.6)";

/// How the SMTP sink talks: STARTTLS required and AUTH referee/s3cret, or plain SMTP, no auth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtpMode {
    Tls,
    Plain,
}

/// One fault the SMTP sink injects; see `tests/support/smtp_sink.py` for the exact replies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    None,
    /// Nothing listens on the SMTP port.
    RefuseConnect,
    /// `421` greeting, then the connection is closed.
    Greeting421,
    /// Every `RCPT TO` gets `451`.
    Rcpt451,
    /// Every `RCPT TO` gets `550`.
    Rcpt550,
    /// Every message gets `451` after its final dot, and is not stored.
    Data451,
    /// Every message gets `554` after its final dot, and is not stored.
    Data554,
    /// The connection is closed when the client sends `DATA`, before `354`.
    DropAfterDataCmd,
    /// The message is stored, then the connection closes with no reply (RFC 1047).
    DropAfterDot,
    /// The first K messages are accepted, then the server process exits.
    GoneAfter(u32),
    /// The first N messages get `451`, later ones are accepted.
    Flaky(u32),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::None => f.write_str("none"),
            Fault::RefuseConnect => f.write_str("refuse-connect"),
            Fault::Greeting421 => f.write_str("421-greeting"),
            Fault::Rcpt451 => f.write_str("451-rcpt"),
            Fault::Rcpt550 => f.write_str("550-rcpt"),
            Fault::Data451 => f.write_str("451-data"),
            Fault::Data554 => f.write_str("554-data"),
            Fault::DropAfterDataCmd => f.write_str("drop-after-data-cmd"),
            Fault::DropAfterDot => f.write_str("drop-after-dot"),
            Fault::GoneAfter(k) => write!(f, "gone-after:{k}"),
            Fault::Flaky(n) => write!(f, "flaky:{n}"),
        }
    }
}

/// What to start. `MailOpts::default()` is TLS with no fault.
#[derive(Clone, Copy, Debug)]
pub struct MailOpts {
    pub smtp: SmtpMode,
    pub fault: Fault,
}

impl Default for MailOpts {
    fn default() -> MailOpts {
        MailOpts {
            smtp: SmtpMode::Tls,
            fault: Fault::None,
        }
    }
}

impl MailOpts {
    /// Plain SMTP (no TLS, no auth), no fault.
    pub fn plain() -> MailOpts {
        MailOpts {
            smtp: SmtpMode::Plain,
            fault: Fault::None,
        }
    }

    /// The same options with a fault.
    pub fn with_fault(self, fault: Fault) -> MailOpts {
        MailOpts { fault, ..self }
    }
}

/// A running SMTP sink and Dovecot IMAP server; both stop when this is dropped.
pub struct MailServers {
    pub smtp_port: u16,
    pub imap_port: u16,
    /// The CA that signed the servers' certificate (for `localhost` and 127.0.0.1).
    pub ca_pem_path: PathBuf,
    /// Everything the servers keep: configuration, logs, Maildirs.
    pub dir: PathBuf,
    _tmp: tempfile::TempDir,
}

impl MailServers {
    /// Starts both servers on fresh loopback ports; panics with their logs if they fail.
    pub fn start(opts: MailOpts) -> MailServers {
        if !Path::new(PYTHON).exists() || !Path::new("/usr/sbin/dovecot").exists() {
            panic!("{INSTALL_HINT}");
        }
        let mut last_error = String::new();
        for _attempt in 0..3 {
            let tmp = tempfile::Builder::new()
                .prefix("giglio-mail-")
                .tempdir()
                .expect("a temporary directory");
            let dir = tmp.path().to_path_buf();
            copy_dir(shared_certs(), &dir.join("tls"));
            let (smtp_port, imap_port) = (free_port(), free_port());
            let mode = match opts.smtp {
                SmtpMode::Tls => "tls",
                SmtpMode::Plain => "plain",
            };
            // Output to a file, not a pipe: a daemon that kept the pipe open would hang us.
            let out_path = dir.join("mailservers.out");
            let out_file = std::fs::File::create(&out_path).expect("create a file");
            let status = script()
                .arg("start")
                .arg(&dir)
                .env("SMTP_PORT", smtp_port.to_string())
                .env("IMAP_PORT", imap_port.to_string())
                .env("SMTP_MODE", mode)
                .env("SMTP_FAULT", opts.fault.to_string())
                .env("OWNER_PID", std::process::id().to_string()) // stops them if we are killed
                .stdin(Stdio::null())
                .stdout(out_file.try_clone().expect("a file handle"))
                .stderr(out_file)
                .status()
                .expect("bash runs tests/support/mailservers.sh");
            let servers = MailServers {
                smtp_port,
                imap_port,
                ca_pem_path: dir.join("tls/ca.pem"),
                dir,
                _tmp: tmp,
            };
            if status.success() {
                return servers;
            }
            // Most likely a port taken between our probe and the server's bind: try new ports.
            last_error = std::fs::read_to_string(&out_path).unwrap_or_default();
            drop(servers); // stops whatever did start
        }
        panic!("the test mail servers did not start (3 attempts); last output:\n{last_error}");
    }

    /// The Maildir the SMTP sink stores into (also Dovecot's INBOX of user `referee`).
    pub fn smtp_maildir(&self) -> PathBuf {
        self.dir.join("mail").join(SMTP_USER)
    }

    /// The raw messages the SMTP sink stored, byte for byte, in arrival order.
    pub fn received(&self) -> Vec<Vec<u8>> {
        let mut files: Vec<(String, PathBuf)> = Vec::new();
        for sub in ["new", "cur"] {
            let Ok(entries) = std::fs::read_dir(self.smtp_maildir().join(sub)) else {
                continue;
            };
            for e in entries {
                let path = e.expect("a Maildir entry").path();
                files.push((
                    path.file_name().unwrap().to_string_lossy().into_owned(),
                    path,
                ));
            }
        }
        files.sort(); // the sink names files `<nanoseconds>.<sequence>.smtp-sink`
        files
            .iter()
            .map(|(_, p)| std::fs::read(p).expect("read a stored message"))
            .collect()
    }

    /// The sink's transaction log, one line per transaction:
    /// `outcome=stored message_id=<id@host> mail_from=a@b rcpt_tos=c@d,e@f`.
    pub fn sink_log(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("smtp-sink.log"))
            .unwrap_or_default()
            .lines()
            .map(str::to_owned)
            .collect()
    }

    /// How many times the sink stored a message with this Message-ID (with or without `<>`),
    /// whether or not the client got the reply.
    pub fn deliveries(&self, message_id: &str) -> usize {
        let wanted = format!("message_id=<{}>", message_id.trim_matches(['<', '>']));
        self.sink_log()
            .iter()
            .filter(|l| l.starts_with("outcome=stored"))
            .filter(|l| l.split(' ').any(|field| field == wanted))
            .count()
    }

    /// Puts a message into `user`'s INBOX with IMAP APPEND (Dovecot then owns the file).
    pub fn deliver_to_imap(&self, user: &str, raw: &[u8]) {
        let mut imap = RawImap::login(self.imap_port, user);
        imap.command_with_literal("APPEND INBOX", raw);
        imap.command("LOGOUT");
    }

    /// Creates a folder (its name as IMAP writes it, modified UTF-7) and puts a message
    /// in it.
    pub fn deliver_to_imap_folder(&self, user: &str, folder: &str, raw: &[u8]) {
        let mut imap = RawImap::login(self.imap_port, user);
        imap.command(&format!("CREATE \"{folder}\""));
        imap.command_with_literal(&format!("APPEND \"{folder}\""), raw);
        imap.command("LOGOUT");
    }
}

impl Drop for MailServers {
    fn drop(&mut self) {
        if std::thread::panicking() {
            for log in ["smtp.log", "smtp-sink.log", "dovecot.log"] {
                let text = std::fs::read_to_string(self.dir.join(log)).unwrap_or_default();
                eprintln!("---- {log} ----\n{text}");
            }
        }
        match script().arg("stop").arg(&self.dir).output() {
            Ok(out) if out.status.success() => {}
            other => eprintln!("mailservers.sh stop {}: {other:?}", self.dir.display()),
        }
    }
}

/// A minimal IMAP client for the fixture: tagged commands, synchronizing literals.
struct RawImap {
    reader: BufReader<TcpStream>,
    stream: TcpStream,
    tag: u32,
}

impl RawImap {
    fn login(port: u16, user: &str) -> RawImap {
        let stream = TcpStream::connect(("127.0.0.1", port)).expect("connect to Dovecot");
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        let reader = BufReader::new(stream.try_clone().unwrap());
        let mut imap = RawImap {
            reader,
            stream,
            tag: 0,
        };
        let greeting = imap.line();
        assert!(greeting.starts_with("* OK"), "IMAP greeting: {greeting}");
        imap.command(&format!("LOGIN {user} {IMAP_PASSWORD}"));
        imap
    }

    fn line(&mut self) -> String {
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("read from Dovecot");
        assert!(!line.is_empty(), "Dovecot closed the connection");
        line
    }

    /// Sends `command`; returns the untagged lines; panics unless the result is OK.
    fn command(&mut self, command: &str) -> Vec<String> {
        self.tag += 1;
        write!(self.stream, "a{} {command}\r\n", self.tag).expect("write to Dovecot");
        self.finish(command)
    }

    /// Sends `command {len}`, waits for the continuation, then sends `literal`.
    fn command_with_literal(&mut self, command: &str, literal: &[u8]) -> Vec<String> {
        self.tag += 1;
        write!(
            self.stream,
            "a{} {command} {{{}}}\r\n",
            self.tag,
            literal.len()
        )
        .unwrap();
        let cont = self.line();
        assert!(
            cont.starts_with('+'),
            "{command}: expected a continuation, got {cont}"
        );
        self.stream.write_all(literal).expect("write to Dovecot");
        self.stream.write_all(b"\r\n").expect("write to Dovecot");
        self.finish(command)
    }

    fn finish(&mut self, command: &str) -> Vec<String> {
        let tag = format!("a{} ", self.tag);
        let mut untagged = Vec::new();
        loop {
            let line = self.line();
            if let Some(status) = line.strip_prefix(&tag) {
                assert!(status.starts_with("OK"), "IMAP {command}: {line}");
                return untagged;
            }
            untagged.push(line);
        }
    }
}

fn script() -> Command {
    let mut cmd = Command::new("bash");
    cmd.arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/mailservers.sh"));
    cmd
}

/// A loopback port that was free a moment ago and that this process has not handed out.
fn free_port() -> u16 {
    static GIVEN: Mutex<Option<HashSet<u16>>> = Mutex::new(None);
    loop {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("bind a loopback port")
            .port();
        if GIVEN
            .lock()
            .unwrap()
            .get_or_insert_with(HashSet::new)
            .insert(port)
        {
            return port;
        }
    }
}

/// CA + leaf certificate, made once (RSA key generation is most of a start) and kept in
/// `target/tmp` for a week, so later test processes reuse them too.
fn shared_certs() -> &'static Path {
    static CERTS: OnceLock<PathBuf> = OnceLock::new();
    CERTS.get_or_init(|| {
        let week = SystemTime::UNIX_EPOCH.elapsed().unwrap().as_secs() / (7 * 24 * 3600);
        let root = Path::new(env!("CARGO_TARGET_TMPDIR"));
        let dir = root.join(format!("mailtest-tls-{week}"));
        if !dir.join("cert.pem").exists() {
            let fresh = root.join(format!("mailtest-tls-{week}.{}", std::process::id()));
            let out = script()
                .arg("certs")
                .arg(&fresh)
                .output()
                .expect("bash runs mailservers.sh");
            assert!(out.status.success(), "making test certificates: {out:?}");
            // Atomic: if another test process got there first, its certificates win.
            if std::fs::rename(&fresh, &dir).is_err() {
                let _ = std::fs::remove_dir_all(&fresh);
            }
        }
        dir
    })
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("create a directory");
    for e in std::fs::read_dir(from).expect("read the certificates") {
        let path = e.expect("a directory entry").path();
        std::fs::copy(&path, to.join(path.file_name().unwrap())).expect("copy a certificate");
    }
}
