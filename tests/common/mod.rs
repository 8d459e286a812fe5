//! Test helpers: temporary directories and the real `giglio` binary with a pinned clock.

/// Headless Chromium: a screenshot and the DOM of a local HTML file.
pub mod browser;
/// Real SMTP (with fault injection) and IMAP servers on loopback.
pub mod servers;
/// Headless Chromium driven through WebDriver (chromedriver), for the order page.
pub mod webdriver;

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// A fixed clock for every command a test runs, so journals are reproducible.
pub const NOW: &str = "2026-09-01T08:00:00Z";

/// Returns a command running the real binary in `dir`, with a pinned clock.
pub fn giglio(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("giglio").expect("the giglio binary is built");
    cmd.current_dir(dir).env("GIGLIO_NOW", NOW);
    cmd
}

/// Nation → secret, read from what `giglio new` prints: the lines indented under
/// "club secrets", each a nation code and its secret.
pub fn secrets_of(stdout: &str) -> std::collections::BTreeMap<String, String> {
    stdout
        .split("club secrets")
        .nth(1)
        .unwrap_or("")
        .lines()
        .skip(1)
        .map_while(|l| {
            let mut parts = l.split_whitespace();
            match (parts.next(), parts.next(), parts.next()) {
                (Some(n), Some(s), None) if l.starts_with("  ") => {
                    Some((n.to_owned(), s.to_owned()))
                }
                _ => None,
            }
        })
        .collect()
}

/// A temporary directory that holds one campaign, created with `giglio new`.
pub struct TestCampaign {
    pub tmp: tempfile::TempDir,
    pub dir: PathBuf,
    /// Nation → the secret `giglio new` issued its club.
    pub secrets: std::collections::BTreeMap<String, String>,
}

impl TestCampaign {
    /// Creates the built-in campaign with a fixed seed.
    pub fn new() -> TestCampaign {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        let dir = tmp.path().join("campaign");
        let out = giglio(tmp.path())
            .args(["new", "campaign", "--seed", "7", "--no-welcome"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8(out).expect("UTF-8");
        let secrets = secrets_of(&text);
        TestCampaign { tmp, dir, secrets }
    }

    /// Runs `giglio -C <campaign> ARGS…`.
    pub fn run(&self, args: &[&str]) -> assert_cmd::assert::Assert {
        giglio(self.tmp.path())
            .arg("-C")
            .arg(&self.dir)
            .args(args)
            .assert()
    }

    /// Runs a command that must succeed and returns its stdout.
    pub fn stdout(&self, args: &[&str]) -> String {
        let out = self.run(args).success().get_output().stdout.clone();
        String::from_utf8(out).expect("stdout is UTF-8")
    }
}

impl TestCampaign {
    /// Writes an order file for `nation` (header with its real secret) and returns its name.
    pub fn orders_file(&self, name: &str, nation: &str, phase: &str, body: &str) -> String {
        let text = format!(
            "club = \"{nation}\"\nphase = \"{phase}\"\nsecret = \"{}\"\n{body}",
            self.secrets[nation]
        );
        std::fs::write(self.tmp.path().join(name), text).expect("write orders");
        name.to_owned()
    }

    /// Round 1: Venice's army at Ravenna (V8) and Milan's at Forlì (M5) both attack
    /// Florence's army at Castrocaro (F7), two battles at one place; the round resolved.
    pub fn two_attacks_on_castrocaro(&self) {
        let attack = |piece: &str, path: &str| {
            format!(
                "[[stance]]\npiece = \"{piece}\"\non_contact = \"attack\"\n\n[[move]]\npiece = \"{piece}\"\npath = \"{path}\"\n"
            )
        };
        self.submit_all(
            "1494-r01",
            &[
                ("V", &attack("V-A2", "V8 -> F7")),
                ("M", &attack("M-A3", "M5 -> F7")),
            ],
        );
        self.run(&["resolve"]).success();
    }

    /// Names the referee's address in giglio.toml.
    pub fn with_referee(&self) {
        let config = self.dir.join("giglio.toml");
        let text = std::fs::read_to_string(&config).expect("giglio.toml");
        std::fs::write(
            &config,
            text.replace("referee = []", "referee = [\"arbitro@club.example\"]"),
        )
        .expect("write giglio.toml");
    }

    /// Submits an order file for every club with an empty body except the ones given.
    pub fn submit_all(&self, phase: &str, bodies: &[(&str, &str)]) {
        for nation in self.secrets.keys() {
            let body = bodies
                .iter()
                .find(|(n, _)| n == nation)
                .map_or("", |(_, b)| b);
            let f = self.orders_file(&format!("{nation}-{phase}.toml"), nation, phase, body);
            self.run(&["orders", "submit", &f]).success();
        }
    }
}

/// Switches a campaign's definition to the contact-exchange mode (G3c.3): each club
/// chooses its encounters by mail.
pub fn contact_exchange_on(dir: &Path) {
    let rules = dir.join("campaign/rules.toml");
    let text = std::fs::read_to_string(&rules).expect("rules.toml");
    assert!(text.contains("contact_exchange = false"), "{text}");
    std::fs::write(
        &rules,
        text.replacen("contact_exchange = false", "contact_exchange = true", 1),
    )
    .expect("write rules.toml");
}

/// Shortens a campaign's summer to two rounds (March and April): a spring, two rounds,
/// then the winter, for tests that must reach the winter.
pub fn two_summer_rounds(dir: &Path) {
    let rules = dir.join("campaign/rules.toml");
    let text = std::fs::read_to_string(&rules).expect("rules.toml");
    let short = text
        .replacen("rounds = 10 ", "rounds = 2  ", 1)
        .replacen("\"Marzo\", \"Aprile\", \"Maggio\", \"Giugno\", \"Luglio\", \"Agosto\", \"Settembre\", \"Ottobre\", \"Novembre\", \"Dicembre\"", "\"Marzo\", \"Aprile\"", 1)
        .replacen("\"March\", \"April\", \"May\", \"June\", \"July\", \"August\", \"September\", \"October\", \"November\", \"December\"", "\"March\", \"April\"", 1);
    assert_ne!(short, text, "the shipped calendar changed: {text}");
    std::fs::write(&rules, short).expect("write rules.toml");
}

/// Sets a `[rulings]` switch of a campaign's definition to `false`, as a campaign
/// written before the switch existed plays.
pub fn ruling_off(dir: &Path, name: &str) {
    let rules = dir.join("campaign/rules.toml");
    let text = std::fs::read_to_string(&rules).expect("rules.toml");
    let on = format!("{name} = true");
    assert!(text.contains(&on), "{text}");
    std::fs::write(&rules, text.replacen(&on, &format!("{name} = false"), 1))
        .expect("write rules.toml");
}

/// Splits `giglio export --json` into the open phase's seed commitment and the rest.
pub fn export_and_commitment(export: &str) -> (serde_json::Value, String) {
    let mut v: serde_json::Value = serde_json::from_str(export).expect("export json");
    let commitment = v["phase"]["seed_commitment"]
        .as_str()
        .expect("a commitment")
        .to_owned();
    v["phase"]["seed_commitment"] = serde_json::Value::Null;
    (v, commitment)
}

/// Returns the text a command wrote on stderr.
pub fn stderr_of(a: &assert_cmd::assert::Assert) -> String {
    String::from_utf8_lossy(&a.get_output().stderr).into_owned()
}

/// Returns the exit code of a finished command.
pub fn code_of(a: &assert_cmd::assert::Assert) -> i32 {
    a.get_output().status.code().unwrap_or(-1)
}
