//! The campaign directory's `giglio.toml`: who mail comes from, the referee's
//! addresses, the SMTP server, deadlines and intake limits. Environment variables
//! override the SMTP settings, so a password never has to sit in a file.

mod run;

pub use run::{ResolveMode, RunConfig};

use crate::error::{Error, Result};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The config file's name inside a campaign directory.
pub(crate) const CONFIG_FILE: &str = "giglio.toml";

/// Every setting, with its default when the file or a key is absent.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    #[serde(default)]
    pub mail: MailConfig,
    pub smtp: Option<SmtpConfig>,
    #[serde(default)]
    pub deadlines: DeadlineConfig,
    #[serde(default)]
    pub intake: IntakeConfig,
    /// The unattended referee's settings (`giglio run`).
    #[serde(default)]
    pub run: RunConfig,
    /// The public site (`giglio site`), rewritten after every phase where it is set.
    #[serde(default)]
    pub site: SiteConfig,
}

/// The `[site]` section: where the public site is kept up to date.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SiteConfig {
    /// The site's folder, relative to the campaign directory: `giglio resolve` and
    /// `giglio run` rewrite it after every phase; none keeps no site.
    pub out: Option<PathBuf>,
    /// The address the site is published at (`https://example.org/campagna/`): the
    /// feed's links then work from a feed reader or a chat bridge.
    pub url: Option<String>,
}

/// Who sends and where files go.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailConfig {
    /// The From of every message (`Name <address>`).
    #[serde(default = "default_from")]
    pub(crate) from: String,
    /// The referee's addresses: the referee's report and alerts go there.
    #[serde(default)]
    pub referee: Vec<String>,
    /// The language of what giglio mails the referee (the referee's report, alerts,
    /// digests, previews): English unless set, as before the key existed.
    #[serde(default = "default_referee_lang")]
    pub referee_lang: crate::words::Lang,
    /// Where `giglio mail send` writes `.eml` files when no SMTP server is set,
    /// relative to the campaign directory.
    #[serde(default = "default_out_dir")]
    pub(crate) out_dir: PathBuf,
    /// The address clubs send orders to, when it is not `from` (the order page's
    /// "write the mail" button writes to it).
    #[serde(default)]
    pub(crate) orders: Option<String>,
    /// Clubs (nation codes) whose mails carry no order page: the plain order file is
    /// all a club needs, and some mail filters refuse HTML attachments.
    #[serde(default)]
    no_order_page: Vec<String>,
}

impl MailConfig {
    /// The address clubs send their orders to: `orders`, or else `from`'s.
    pub(crate) fn orders_address(&self) -> String {
        address_of(self.orders.as_deref().unwrap_or(&self.from))
    }

    /// The address of `from`, without the display name.
    pub(crate) fn sender_address(&self) -> String {
        address_of(&self.from)
    }

    /// The addresses still left at a placeholder of the reserved `.invalid` domain
    /// (RFC 2606), as (key, address): `giglio new` writes one in `from` until the
    /// referee gives the real one. Mail sent from it could not be answered.
    pub fn placeholders(&self) -> Vec<(&'static str, String)> {
        let placeholder = |a: &str| {
            a.trim_end_matches('.')
                .to_ascii_lowercase()
                .ends_with(".invalid")
        };
        let mut out = Vec::new();
        let from = self.sender_address();
        if placeholder(&from) {
            out.push(("from", from));
        }
        for r in &self.referee {
            let a = address_of(r);
            if placeholder(&a) {
                out.push(("referee", a));
            }
        }
        if let Some(o) = &self.orders {
            let a = address_of(o);
            if placeholder(&a) {
                out.push(("orders", a));
            }
        }
        out
    }

    /// A placeholder address stops a server from sending: where it is written in
    /// `giglio.toml` and what to set, or `Ok` when every address is real.
    pub fn refuse_placeholders(&self, dir: &Path) -> Result<(), String> {
        let found = self.placeholders();
        let Some((key, address)) = found.first() else {
            return Ok(());
        };
        let path = dir.join(CONFIG_FILE);
        let at = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| key_line(&text, "mail", key))
            .map_or_else(
                || path.display().to_string(),
                |n| format!("{}:{n}", path.display()),
            );
        let keys: Vec<&str> = found.iter().map(|(k, _)| *k).collect();
        Err(format!(
            "{at}: [mail] {key} = {address} is a placeholder (the .invalid domain reaches no \
             one): a club could not answer the mail, nor the referee read it; set {} to the \
             referee's real addresses in giglio.toml (or give them to `giglio new --from \
             ADDR --referee ADDR`); mail written to a folder, as the demo does, needs none",
            keys.join(", ")
        ))
    }

    /// Whether a club's mails carry the order page.
    pub(crate) fn order_page(&self, nation: &str) -> bool {
        !self.no_order_page.iter().any(|n| n == nation)
    }
}

impl Default for MailConfig {
    fn default() -> Self {
        MailConfig {
            from: default_from(),
            referee: Vec::new(),
            referee_lang: default_referee_lang(),
            out_dir: default_out_dir(),
            orders: None,
            no_order_page: Vec::new(),
        }
    }
}

fn default_referee_lang() -> crate::words::Lang {
    crate::words::Lang::En
}

/// The address of a mailbox written `Name <a@b>` or `a@b`.
fn address_of(whole: &str) -> String {
    match (whole.rfind('<'), whole.rfind('>')) {
        (Some(a), Some(b)) if a < b => whole[a + 1..b].trim().to_owned(),
        _ => whole.trim().to_owned(),
    }
}

fn default_from() -> String {
    "Arbitro del Giglio <arbitro@giglio.invalid>".into()
}

fn default_out_dir() -> PathBuf {
    PathBuf::from("mail/out")
}

/// How the SMTP connection is secured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Security {
    /// STARTTLS, required (port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (port 465).
    Tls,
    /// No encryption: only for a server on this machine.
    None,
}

/// An SMTP server.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpConfig {
    pub host: String,
    #[serde(default = "default_port")]
    pub port: u16,
    #[serde(default)]
    pub security: Security,
    pub user: Option<String>,
    /// The password; better given in `GIGLIO_SMTP_PASSWORD`.
    pub password: Option<String>,
    /// A PEM file of an extra certificate authority to trust (a club's own server).
    pub ca_file: Option<PathBuf>,
    #[serde(default = "default_timeout")]
    pub timeout_secs: u64,
    /// Tries per message in one `mail send` for temporary (4xx) failures.
    #[serde(default = "default_attempts")]
    pub max_attempts: u32,
    /// The first wait between tries; it doubles each time.
    #[serde(default = "default_retry_ms")]
    pub retry_base_ms: u64,
    /// The keys an environment variable set (`port` for GIGLIO_SMTP_PORT…), so a
    /// mistake is named where the referee wrote it.
    #[serde(skip)]
    pub from_env: Vec<&'static str>,
}

fn default_port() -> u16 {
    587
}
fn default_timeout() -> u64 {
    30
}
fn default_attempts() -> u32 {
    4
}
fn default_retry_ms() -> u64 {
    2000
}

/// How long clubs have to send orders, from the opening of a phase.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeadlineConfig {
    /// Days for spring orders; 0 sets no deadline.
    #[serde(default = "default_spring_days")]
    pub(crate) spring_days: u32,
    #[serde(default = "default_round_days")]
    pub(crate) round_days: u32,
    #[serde(default = "default_winter_days")]
    pub(crate) winter_days: u32,
    /// The time of day of every deadline, in the campaign's time zone.
    #[serde(default = "default_time")]
    pub(crate) time: String,
    /// The calendar form for summer rounds: they close on these weekdays (`"tue"`,
    /// `"fri"`…) at `time`, the first such moment at least a day after the round opens;
    /// when set, `round_days` is not used.
    #[serde(default)]
    pub(crate) round_weekdays: Vec<String>,
    /// Contact-exchange mode (G3c.3): hours the clubs have to answer an encounter, from
    /// when they are asked; 0 sets no deadline (the referee closes it with `--force`).
    #[serde(default = "default_encounter_hours")]
    pub(crate) encounter_hours: u32,
}

impl Default for DeadlineConfig {
    fn default() -> Self {
        DeadlineConfig {
            spring_days: default_spring_days(),
            round_days: default_round_days(),
            winter_days: default_winter_days(),
            time: default_time(),
            round_weekdays: Vec::new(),
            encounter_hours: default_encounter_hours(),
        }
    }
}

fn default_spring_days() -> u32 {
    7
}
fn default_round_days() -> u32 {
    3
}
fn default_winter_days() -> u32 {
    0
}
fn default_encounter_hours() -> u32 {
    48
}
fn default_time() -> String {
    "21:00".into()
}

/// Limits on messages read, checked before parsing.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IntakeConfig {
    #[serde(default = "default_max_message")]
    pub(crate) max_message_bytes: usize,
    #[serde(default = "default_max_parts")]
    pub max_parts: usize,
    /// The Maildir `giglio run` (and `giglio inbox` without a source) reads, relative
    /// to the campaign directory.
    #[serde(default)]
    pub(crate) maildir: Option<PathBuf>,
    /// The IMAP mailbox they read instead: `imaps://user@host:port/MAILBOX` (the
    /// password from GIGLIO_IMAP_PASSWORD).
    #[serde(default)]
    pub(crate) imap: Option<String>,
}

impl Default for IntakeConfig {
    fn default() -> Self {
        IntakeConfig {
            max_message_bytes: default_max_message(),
            max_parts: default_max_parts(),
            maildir: None,
            imap: None,
        }
    }
}

fn default_max_message() -> usize {
    2 * 1024 * 1024
}
fn default_max_parts() -> usize {
    32
}

/// Reads `giglio.toml` from a campaign directory (defaults if it is absent), then
/// applies the `GIGLIO_SMTP_*` environment variables.
pub(crate) fn load(dir: &Path) -> Result<Config> {
    let path = dir.join(CONFIG_FILE);
    let mut config: Config = match std::fs::read_to_string(&path) {
        Ok(text) => toml::from_str(&text).map_err(|e| {
            Error::user(format!("{}: {}", path.display(), e.to_string().trim_end()))
        })?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Config::default(),
        Err(e) => return Err(Error::read_at(&path, e)),
    };
    apply_env(&mut config, |k| std::env::var(k).ok())?;
    if config.intake.maildir.is_some() && config.intake.imap.is_some() {
        return Err(Error::user(format!(
            "{}: [intake] sets both maildir and imap; giglio reads one mailbox: keep one",
            path.display()
        )));
    }
    if let Some(d) = config
        .deadlines
        .round_weekdays
        .iter()
        .find(|d| d.parse::<chrono::Weekday>().is_err())
    {
        return Err(Error::user(format!(
            "{}: [deadlines] round_weekdays: `{d}` is no weekday (write mon, tue, wed, thu, fri, sat or sun)",
            path.display()
        )));
    }
    if let Some(problem) = config.run.problem() {
        return Err(Error::user(problem));
    }
    Ok(config)
}

/// Applies environment overrides: `GIGLIO_SMTP_HOST` alone is enough to set a server.
fn apply_env(config: &mut Config, var: impl Fn(&str) -> Option<String>) -> Result<()> {
    if let Some(host) = var("GIGLIO_SMTP_HOST") {
        let smtp = config.smtp.get_or_insert_with(|| SmtpConfig {
            host: String::new(),
            port: default_port(),
            security: Security::default(),
            user: None,
            password: None,
            ca_file: None,
            timeout_secs: default_timeout(),
            max_attempts: default_attempts(),
            retry_base_ms: default_retry_ms(),
            from_env: Vec::new(),
        });
        smtp.host = host;
        smtp.from_env.push("host");
    }
    let Some(smtp) = config.smtp.as_mut() else {
        return Ok(());
    };
    if let Some(p) = var("GIGLIO_SMTP_PORT") {
        smtp.from_env.push("port");
        smtp.port = p
            .parse()
            .map_err(|_| Error::user(format!("GIGLIO_SMTP_PORT `{p}` is not a port number")))?;
    }
    if let Some(s) = var("GIGLIO_SMTP_SECURITY") {
        smtp.from_env.push("security");
        smtp.security = match s.as_str() {
            "starttls" => Security::Starttls,
            "tls" => Security::Tls,
            "none" => Security::None,
            _ => {
                return Err(Error::user(format!(
                    "GIGLIO_SMTP_SECURITY `{s}`: expected starttls, tls or none"
                )));
            }
        };
    }
    if let Some(u) = var("GIGLIO_SMTP_USER") {
        smtp.from_env.push("user");
        smtp.user = Some(u);
    }
    if let Some(p) = var("GIGLIO_SMTP_PASSWORD") {
        smtp.from_env.push("password");
        smtp.password = Some(p);
    }
    if let Some(f) = var("GIGLIO_SMTP_CA_FILE") {
        smtp.from_env.push("ca_file");
        smtp.ca_file = Some(PathBuf::from(f));
    }
    if let Some(ms) = var("GIGLIO_SMTP_RETRY_MS") {
        smtp.from_env.push("retry_base_ms");
        smtp.retry_base_ms = ms
            .parse()
            .map_err(|_| Error::user(format!("GIGLIO_SMTP_RETRY_MS `{ms}` is not a number")))?;
    }
    Ok(())
}

/// Ports whose protocol is known: implicit TLS (465) or plain-then-STARTTLS (25, 587).
const IMPLICIT_TLS_PORTS: [u16; 1] = [465];
const STARTTLS_PORTS: [u16; 2] = [25, 587];

impl SmtpConfig {
    /// Finds a setting that cannot work before anything is sent, and names it where
    /// the referee wrote it (`giglio.toml:LINE: [smtp] key`, or the environment
    /// variable that set it). `dir` is the campaign directory, for the file's lines.
    /// No network: whether the host resolves is the sender's to check.
    pub(crate) fn check(&self, dir: &Path) -> Result<()> {
        let at = |key: &str| self.place(dir, key);
        let host = self.host.trim();
        if host.is_empty() {
            return Err(Error::user(format!(
                "{}: the SMTP server has no host name; write host = \"smtp.example.org\"",
                at("host")
            )));
        }
        if let Some(why) = host_problem(host) {
            return Err(Error::user(format!(
                "{}: `{host}` is not a host name ({why}); write the name alone \
                 (smtp.example.org) and the port in `port`",
                at("host")
            )));
        }
        if self.port == 0 {
            return Err(Error::user(format!(
                "{}: port 0 is no port; SMTP servers listen on 587 (starttls) or 465 (tls)",
                at("port")
            )));
        }
        let mismatch = match self.security {
            Security::Tls if STARTTLS_PORTS.contains(&self.port) => Some((
                "tls",
                "speaks plain SMTP and STARTTLS",
                "security = \"starttls\", or port = 465",
            )),
            Security::Starttls | Security::None if IMPLICIT_TLS_PORTS.contains(&self.port) => {
                Some((
                    if self.security == Security::None {
                        "none"
                    } else {
                        "starttls"
                    },
                    "expects TLS from the first byte",
                    "security = \"tls\", or port = 587",
                ))
            }
            _ => None,
        };
        if let Some((mode, speaks, fix)) = mismatch {
            return Err(Error::user(format!(
                "{} and {}: security = \"{mode}\" on port {}, which {speaks}: the first \
                 message would wait for a reply that never comes; write {fix}",
                at("security"),
                at("port"),
                self.port
            )));
        }
        match (&self.user, &self.password) {
            (Some(_), None) => {
                return Err(Error::user(format!(
                    "{}: an SMTP user is set but no password: set GIGLIO_SMTP_PASSWORD",
                    at("user")
                )));
            }
            (None, Some(_)) => {
                return Err(Error::user(format!(
                    "{}: a password is set but no user, so giglio would never log in: \
                     set [smtp] user (or GIGLIO_SMTP_USER)",
                    at("password")
                )));
            }
            _ => {}
        }
        if self.timeout_secs == 0 {
            return Err(Error::user(format!(
                "{}: 0 seconds leaves the server no time to answer; the default is 30",
                at("timeout_secs")
            )));
        }
        if self.max_attempts == 0 {
            return Err(Error::user(format!(
                "{}: 0 tries would never send a message; the default is 4",
                at("max_attempts")
            )));
        }
        Ok(())
    }

    /// Where a key was set: its environment variable, else its line in giglio.toml.
    pub(crate) fn place(&self, dir: &Path, key: &str) -> String {
        if self.from_env.contains(&key) {
            return format!("GIGLIO_SMTP_{}", env_name(key));
        }
        let path = dir.join(CONFIG_FILE);
        let line = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| key_line(&text, "smtp", key));
        match line {
            Some(n) => format!("{}:{n}: [smtp] {key}", path.display()),
            None => format!("{} [smtp] {key} (the default)", path.display()),
        }
    }
}

/// The environment variable's suffix for a key.
fn env_name(key: &str) -> &'static str {
    match key {
        "host" => "HOST",
        "port" => "PORT",
        "security" => "SECURITY",
        "user" => "USER",
        "password" => "PASSWORD",
        "ca_file" => "CA_FILE",
        _ => "RETRY_MS",
    }
}

/// Why a host name cannot be one: a URL, a port written into it, spaces.
fn host_problem(host: &str) -> Option<&'static str> {
    if host.contains("://") {
        Some("a URL")
    } else if host.contains(char::is_whitespace) {
        Some("it holds a space")
    } else if host.contains(['/', '@', '?', '#']) {
        Some("it holds a character no host name has")
    } else if host.contains(':')
        && host.parse::<std::net::Ipv6Addr>().is_err()
        && !host.starts_with('[')
    {
        Some("a port written into it")
    } else {
        None
    }
}

/// The 1-based line of `key = …` inside `[table]` of a TOML text, if it is written.
fn key_line(text: &str, table: &str, key: &str) -> Option<usize> {
    let header = format!("[{table}]");
    let mut inside = false;
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.starts_with('[') {
            inside = l.split('#').next().is_some_and(|h| h.trim() == header);
            continue;
        }
        let written = l
            .strip_prefix(key)
            .is_some_and(|rest| rest.trim_start().starts_with('='));
        if inside && written {
            return Some(i + 1);
        }
    }
    None
}

/// The `giglio.toml` that `giglio new` writes: every setting, commented.
pub(crate) const TEMPLATE: &str = r#"# giglio.toml: mail and deadlines for this campaign. Every key is optional.

[mail]
# The From of every message giglio sends.
from = "Arbitro del Giglio <arbitro@giglio.invalid>"
# The referee's addresses: the referee's report and every alert go there.
referee = []
# The language of the referee's report, alerts and digests: "it" or "en" (the default).
# referee_lang = "it"
# Where `giglio mail send` writes .eml files when no [smtp] server is set.
out_dir = "mail/out"
# Where clubs send their orders, if not to `from` (the order page's mail button).
# orders = "ordini@example.org"
# Clubs whose mails carry no order page (.html); the order file is all a club needs.
# no_order_page = ["M"]

# Uncomment to send through a server. The environment overrides these keys:
# GIGLIO_SMTP_HOST, GIGLIO_SMTP_PORT, GIGLIO_SMTP_SECURITY, GIGLIO_SMTP_USER,
# GIGLIO_SMTP_PASSWORD (keep the password there, not here), GIGLIO_SMTP_CA_FILE.
# [smtp]
# host = "smtp.example.org"
# port = 587
# security = "starttls"   # starttls | tls | none (none only for 127.0.0.1)
# user = "arbitro@example.org"
# max_attempts = 4        # tries per message for temporary (4xx) failures
# retry_base_ms = 2000    # first wait between tries; it doubles

[deadlines]
# Days clubs have, from the opening of a phase; 0 sets no deadline.
spring_days = 7
round_days = 3
winter_days = 0
# Time of day, in the campaign's time zone (campaign.toml).
time = "21:00"
# Or rounds close on fixed weekdays at that time, the first at least a day after the
# round opens (round_days is then not used):
# round_weekdays = ["tue", "fri"]
# Contact-exchange mode (rules.toml): hours clubs have to answer an encounter; 0: none.
encounter_hours = 48

[intake]
max_message_bytes = 2097152
max_parts = 32
# The mailbox clubs' orders arrive in, read by `giglio run` (and `giglio inbox` when it
# names no source): a Maildir (relative to this folder; `giglio new` makes it, and
# whatever delivers the referee's mail writes each message into its new/), or an IMAP
# mailbox whose password is in GIGLIO_IMAP_PASSWORD. One of the two.
maildir = "inbox"
# imap = "imaps://arbitro@mail.example.org:993/INBOX"

[run]
# What `giglio run` does at a deadline: "auto" resolves the phase and mails the
# reports; "preview" mails the referee what resolving would send, and waits for
# `giglio resolve`.
resolve = "auto"
# Minutes after the deadline before the phase is resolved: the window in which
# `giglio late --refuse` can still refuse a late file (0: a late file counts as it is).
grace_minutes = 0
# Resolve as soon as every club's orders are in (off: the deadline stands).
early = false
# Hours before the deadline at which clubs whose orders are missing are reminded.
reminders = [48, 4]
# A service stopped longer than this (minutes) while a deadline passed moves the
# deadline on by the outage instead of resolving (keep it above the cron interval).
outage_minutes = 60
# Seconds between looks at a Maildir and the clock when nothing is due sooner.
poll_seconds = 30
# An IMAP mailbox is watched (IDLE) instead: the wait is renewed after these minutes.
idle_renew_minutes = 29
# Days after a phase is resolved before its delivered mail moves out of giglio.sqlite
# into mail/archive/ (the file then gives the space back); 0 keeps it in.
archive_after_days = 30
# Mail the referee, once a day, what happened to the campaign the day before.
digest = false

[site]
# The public site's folder (relative to the campaign directory): `giglio resolve` and
# `giglio run` rewrite it after every phase, a new folder swapped in for the old.
# out = "public"
# The address it is published at, for the Atom feed's links (else they are relative).
# url = "https://example.org/campagna/"
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_reads_with_the_defaults() {
        let c: Config = toml::from_str(TEMPLATE).unwrap();
        assert!(c.smtp.is_none());
        assert_eq!(c.deadlines.spring_days, 7);
        assert_eq!(c.mail.out_dir, PathBuf::from("mail/out"));
    }

    #[test]
    fn the_environment_sets_a_server_and_its_password() {
        let mut c = Config::default();
        apply_env(&mut c, |k| match k {
            "GIGLIO_SMTP_HOST" => Some("127.0.0.1".into()),
            "GIGLIO_SMTP_PORT" => Some("2525".into()),
            "GIGLIO_SMTP_SECURITY" => Some("none".into()),
            "GIGLIO_SMTP_PASSWORD" => Some("pw".into()),
            _ => None,
        })
        .unwrap();
        let s = c.smtp.unwrap();
        assert_eq!(
            (s.host.as_str(), s.port, s.security),
            ("127.0.0.1", 2525, Security::None)
        );
        assert_eq!(s.password.as_deref(), Some("pw"));
    }

    #[test]
    fn a_key_is_found_on_its_line_in_its_table() {
        let text = "[mail]\nport = 1\n\n[smtp]  # the server\nhost = \"h\"\nport = 0\n";
        assert_eq!(key_line(text, "smtp", "port"), Some(6));
        assert_eq!(key_line(text, "smtp", "portal"), None);
        assert_eq!(key_line(text, "smtp", "user"), None);
    }

    #[test]
    fn host_names_are_told_from_urls_and_ports() {
        for good in ["smtp.example.org", "127.0.0.1", "::1", "[::1]"] {
            assert_eq!(host_problem(good), None, "{good}");
        }
        for bad in ["smtp://x.org", "x.org:587", "x org", "me@x.org"] {
            assert!(host_problem(bad).is_some(), "{bad}");
        }
    }

    #[test]
    fn a_bad_port_is_refused_by_name() {
        let mut c = Config::default();
        let e = apply_env(&mut c, |k| match k {
            "GIGLIO_SMTP_HOST" => Some("h".into()),
            "GIGLIO_SMTP_PORT" => Some("smtp".into()),
            _ => None,
        })
        .unwrap_err();
        assert!(e.to_string().contains("GIGLIO_SMTP_PORT"));
    }
}
