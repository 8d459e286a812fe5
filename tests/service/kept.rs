//! A campaign kept by the service for the tests of `giglio run`: its clubs' mail goes in
//! through a Maildir or a real Dovecot (IMAP), and what the service sends comes back from
//! the mail folder or a real SMTP server; each club's secret and latest sheet are kept.

use crate::common::giglio;
use crate::common::servers::{IMAP_PASSWORD, MailOpts, MailServers};
use crate::mailbox::{CLUBS, address, secret_in, sheet_of, with_secret};
use mail_parser::{MessageParser, MimeHeaders};
use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

/// How the clubs' mail reaches the service and the service's mail reaches the clubs.
enum Post {
    /// Into the campaign's Maildir (`inbox`), out as files in `mail/out`.
    Files { seen: BTreeSet<PathBuf> },
    /// Appended to a real Dovecot's INBOX, read by the service over IMAP; out through a
    /// real SMTP server. `taken` counts the messages the server holds that were read.
    Servers { servers: MailServers, taken: usize },
}

/// One message that landed in the mail folder.
pub(crate) struct Got {
    pub(crate) kind: String,
    /// The club's nation code, or `referee`.
    pub(crate) to: String,
    pub(crate) text: String,
    pub(crate) files: BTreeMap<String, Vec<u8>>,
}

/// A campaign kept by the service, its clubs' mailbox and what they received.
pub(crate) struct Kept {
    _tmp: tempfile::TempDir,
    pub(crate) root: PathBuf,
    pub(crate) dir: PathBuf,
    post: Post,
    pub(crate) mailed: usize,
    /// Each club's secret (from its welcome) and last sheet (from its last mail).
    pub(crate) secrets: BTreeMap<String, String>,
    pub(crate) sheets: BTreeMap<String, String>,
}

impl Kept {
    /// A new campaign (created at the tests' fixed clock) whose giglio.toml names a
    /// Maildir and the referee's address, with `run` settings added.
    pub(crate) fn new(run: &str) -> Kept {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        let root = tmp.path().to_path_buf();
        std::fs::write(root.join("clubs.toml"), CLUBS).expect("write clubs.toml");
        giglio(&root)
            .args(["new", "c", "--clubs", "clubs.toml", "--seed", "11"])
            .args(["--from", "Arbitro del Giglio <arbitro@club.example>"])
            .assert()
            .success();
        let dir = root.join("c");
        let config = std::fs::read_to_string(dir.join("giglio.toml")).expect("giglio.toml");
        let mut config = config
            .replace("referee = []", "referee = [\"arbitro@club.example\"]")
            .replace("# maildir = \"inbox\"", "maildir = \"inbox\"");
        // Each `key = value` of `run` replaces the template's line for that key.
        for setting in run.lines().filter(|l| !l.trim().is_empty()) {
            let key = setting.split('=').next().unwrap().trim();
            let line = config
                .lines()
                .find(|l| l.starts_with(&format!("{key} = ")))
                .unwrap_or_else(|| panic!("giglio.toml has no `{key}`"))
                .to_owned();
            config = config.replace(&line, setting);
        }
        std::fs::write(dir.join("giglio.toml"), config).expect("write giglio.toml");
        Kept {
            _tmp: tmp,
            root,
            dir,
            post: Post::Files {
                seen: BTreeSet::new(),
            },
            mailed: 0,
            secrets: BTreeMap::new(),
            sheets: BTreeMap::new(),
        }
    }

    pub(crate) fn cmd(&self, now: &str) -> assert_cmd::Command {
        let mut c = giglio(&self.root);
        c.arg("-C").arg(&self.dir).env("GIGLIO_NOW", now);
        c
    }

    /// The same campaign, its mail going through a real Dovecot (the clubs append to the
    /// INBOX of user `club`, the service reads it over IMAP) and a real SMTP server.
    pub(crate) fn over_servers(run: &str) -> Kept {
        let servers = MailServers::start(MailOpts::plain());
        Kept {
            post: Post::Servers { servers, taken: 0 },
            ..Kept::new(run)
        }
    }

    /// One pass of the service at `now`; what it did, as JSON.
    pub(crate) fn pass(&self, now: &str) -> serde_json::Value {
        let mut cmd = self.cmd(now);
        cmd.args(["run", "--once", "--json"]);
        if let Post::Servers { servers, .. } = &self.post {
            let url = format!("imap://club@127.0.0.1:{}/INBOX", servers.imap_port);
            cmd.args(["--imap", &url])
                .env("GIGLIO_IMAP_PASSWORD", IMAP_PASSWORD)
                .env("GIGLIO_SMTP_HOST", "127.0.0.1")
                .env("GIGLIO_SMTP_PORT", servers.smtp_port.to_string())
                .env("GIGLIO_SMTP_SECURITY", "none");
        }
        let out = cmd.assert().success();
        serde_json::from_slice(&out.get_output().stdout).expect("JSON")
    }

    /// The messages sent since the last look (files in the mail folder, or what the SMTP
    /// server accepted); each club's secret and latest sheet are kept.
    pub(crate) fn received(&mut self) -> Vec<Got> {
        let raws: Vec<Vec<u8>> = match &mut self.post {
            Post::Files { seen } => {
                let out = self.dir.join("mail/out");
                let mut files: Vec<PathBuf> = std::fs::read_dir(&out)
                    .map(|d| d.map(|e| e.expect("entry").path()).collect())
                    .unwrap_or_default();
                files.retain(|p| !seen.contains(p));
                files.sort();
                files
                    .into_iter()
                    .map(|path| {
                        let raw = std::fs::read(&path).expect("read the message");
                        seen.insert(path);
                        raw
                    })
                    .collect()
            }
            Post::Servers { servers, taken } => {
                let all = servers.received();
                let new = all[*taken..].to_vec();
                *taken = all.len();
                new
            }
        };
        raws.iter().map(|raw| self.read(raw)).collect()
    }

    /// A club's message reaches the referee's mailbox.
    pub(crate) fn deliver(&mut self, raw: &[u8]) {
        match &self.post {
            Post::Files { .. } => {
                let path = self.dir.join(format!("inbox/new/{}.club", self.mailed));
                std::fs::write(path, raw).expect("deliver into the Maildir");
            }
            Post::Servers { servers, .. } => servers.deliver_to_imap("club", raw),
        }
    }

    /// Reads one message a club (or the referee) received, by its Message-ID
    /// (`<phase>.<kind>.<nation>.<hash>@<domain>`); a welcome's secret and the
    /// latest sheet are kept.
    pub(crate) fn read(&mut self, raw: &[u8]) -> Got {
        let msg = MessageParser::default().parse(raw).expect("a message");
        let id = msg.message_id().expect("a Message-ID").to_owned();
        let parts: Vec<&str> = id.split('.').collect();
        let g = Got {
            kind: parts[1].to_owned(),
            to: parts[2].to_owned(),
            text: msg.body_text(0).map(|t| t.into_owned()).unwrap_or_default(),
            files: msg
                .attachments()
                .filter_map(|a| Some((a.attachment_name()?.to_owned(), a.contents().to_vec())))
                .collect(),
        };
        if g.kind == "welcome" {
            self.secrets.insert(g.to.clone(), secret_in(&g.text));
        }
        if g.files.keys().any(|n| n.ends_with(".toml")) {
            let (_, sheet) = sheet_of(&crate::mailbox::Received {
                kind: g.kind.clone(),
                nation: g.to.clone(),
                text: g.text.clone(),
                files: g.files.clone(),
            });
            self.sheets.insert(g.to.clone(), sheet);
        }
        g
    }

    /// A club's latest sheet with its secret filled in, as the mail it sends.
    pub(crate) fn sheet_mail(&mut self, nation: &str) -> Vec<u8> {
        // A club chooses its objective in its first spring, as the sheet asks: without
        // one, an early resolution waits for the file it will likely send again.
        let sheet = with_secret(&self.sheets[nation], &self.secrets[nation]).replacen(
            "# objective = { kind = \"most_cities\" }",
            "objective = { kind = \"most_cities\" }",
            1,
        );
        self.mail_of(nation, &sheet)
    }

    /// A message from a club's registered address with `body` as its text.
    pub(crate) fn mail_of(&mut self, nation: &str, body: &str) -> Vec<u8> {
        self.mailed += 1;
        format!(
            "From: {from}\r\nTo: arbitro@giglio.example\r\nSubject: ordini\r\nDate: Tue, 01 Sep 2026 09:00:00 +0000\r\nMessage-ID: <orders-{n}@club.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n{body}",
            from = address(nation),
            n = self.mailed,
            body = body.replace('\n', "\r\n"),
        )
        .into_bytes()
    }

    /// A club mails its latest sheet, with its secret filled in.
    pub(crate) fn mail_sheet(&mut self, nation: &str) {
        let raw = self.sheet_mail(nation);
        self.deliver(&raw);
    }

    pub(crate) fn status(&self, now: &str) -> serde_json::Value {
        let out = self.cmd(now).args(["status", "--json"]).assert().success();
        serde_json::from_slice(&out.get_output().stdout).expect("JSON")
    }
}

pub(crate) fn kinds(got: &[Got]) -> Vec<(String, String)> {
    let mut k: Vec<(String, String)> = got.iter().map(|g| (g.kind.clone(), g.to.clone())).collect();
    k.sort();
    k
}

pub(crate) fn pair(kind: &str, to: &str) -> (String, String) {
    (kind.to_owned(), to.to_owned())
}

pub(crate) fn actions(pass: &serde_json::Value) -> Vec<String> {
    pass["actions"]
        .as_array()
        .expect("actions")
        .iter()
        .map(|a| a["action"].as_str().expect("a tag").to_owned())
        .collect()
}
