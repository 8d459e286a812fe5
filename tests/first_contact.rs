//! First contact (issue 29, point 1): the welcome carries the referee's real address.
//! `giglio new` takes the addresses; a placeholder left in `giglio.toml` is warned about
//! and never given to an SMTP server; a welcome written before the address was set is
//! written again, with a new secret, before it goes out; `club secret --rotate` sends
//! the welcome again with the new secret, in place of an undelivered one.

use crate::common::{code_of, giglio, secrets_of, stderr_of};
use std::path::{Path, PathBuf};

/// The three clubs of these tests: two in Italian, one in English.
const CLUBS: &str = r#"
[[club]]
nation = "V"
name = "Circolo Veneziano"
emails = ["venezia@club.test"]
lang = "it"

[[club]]
nation = "F"
name = "Compagnia di Firenze"
emails = ["firenze@club.test"]
lang = "it"

[[club]]
nation = "M"
name = "Milan Wargames"
emails = ["milano@club.test"]
lang = "en"
"#;

/// A new campaign of three clubs in a temporary directory, made with `extra` flags;
/// returns the directory and the secrets `new` printed.
fn made(tmp: &Path, extra: &[&str]) -> (PathBuf, std::collections::BTreeMap<String, String>) {
    std::fs::write(tmp.join("clubs.toml"), CLUBS).expect("write clubs");
    let mut args = vec!["new", "c", "--seed", "3", "--clubs", "clubs.toml"];
    args.extend_from_slice(extra);
    let out = giglio(tmp).args(&args).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    (tmp.join("c"), secrets_of(&text))
}

fn run(dir: &Path, args: &[&str]) -> assert_cmd::assert::Assert {
    giglio(dir).args(args).assert()
}

/// The welcomes written to the mail folder: (club address, From address, text).
fn welcomes(dir: &Path) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir.join("mail/out")) else {
        return out;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.expect("entry").path()).collect();
    paths.sort();
    for p in paths {
        let raw = std::fs::read(&p).expect("read .eml");
        let msg = mail_parser::MessageParser::default()
            .parse(&raw[..])
            .expect("parses");
        let addr = |a: Option<&mail_parser::Address>| {
            a.and_then(|a| a.first())
                .and_then(|a| a.address())
                .unwrap_or_default()
                .to_owned()
        };
        let subject = msg.subject().unwrap_or_default().to_lowercase();
        if subject.contains("benvenut") || subject.contains("welcome") {
            out.push((
                addr(msg.to()),
                addr(msg.from()),
                msg.body_text(0).unwrap_or_default().into_owned(),
            ));
        }
    }
    out
}

/// How many messages wait in the outbox.
fn queued(dir: &Path) -> usize {
    let out = run(dir, &["mail", "status", "--json"]).success();
    let rows: Vec<serde_json::Value> =
        serde_json::from_slice(&out.get_output().stdout).expect("json");
    rows.iter().filter(|r| r["status"] == "queued").count()
}

/// The secret written in a welcome's text.
fn secret_in(text: &str) -> String {
    text.split_whitespace()
        .find(|w| w.len() == 24 && w.matches('-').count() == 4)
        .unwrap_or_else(|| panic!("no secret in {text}"))
        .to_owned()
}

/// An order file of the open spring, empty but for its header.
fn spring_file(dir: &Path, nation: &str, secret: &str) -> PathBuf {
    let path = dir.join(format!("{nation}.toml"));
    std::fs::write(
        &path,
        format!("club = \"{nation}\"\nphase = \"1494-spring\"\nsecret = \"{secret}\"\n"),
    )
    .expect("write");
    path
}

/// `giglio new --from --referee --orders` writes them to giglio.toml before the
/// welcomes are composed: each welcome comes from the real address and names the
/// orders address; a malformed address is refused before anything is made.
#[test]
fn new_takes_the_referees_addresses() {
    let tmp = tempfile::tempdir().expect("tmp");
    let bad = giglio(tmp.path())
        .args(["new", "x", "--from", "not an address"])
        .assert()
        .failure();
    assert!(stderr_of(&bad).contains("--from"), "{}", stderr_of(&bad));
    assert!(!tmp.path().join("x").exists(), "nothing made");
    let (dir, _) = made(
        tmp.path(),
        &[
            "--from",
            "Arbitro del Giglio <arbitro@giglio.test>",
            "--referee",
            "capo@giglio.test",
            "--orders",
            "ordini@giglio.test",
        ],
    );
    let toml = std::fs::read_to_string(dir.join("giglio.toml")).expect("giglio.toml");
    assert!(
        toml.contains("from = \"Arbitro del Giglio <arbitro@giglio.test>\""),
        "{toml}"
    );
    assert!(toml.contains("referee = [\"capo@giglio.test\"]"), "{toml}");
    assert!(toml.contains("\norders = \"ordini@giglio.test\""), "{toml}");
    assert!(!toml.contains(".invalid"), "{toml}");
    let status = run(&dir, &["status"]).success();
    assert!(
        !stderr_of(&status).contains("placeholder"),
        "{}",
        stderr_of(&status)
    );
    run(&dir, &["mail", "send"]).success();
    let w = welcomes(&dir);
    assert_eq!(w.len(), 3, "{w:?}");
    for (_, from, text) in &w {
        assert_eq!(from, "arbitro@giglio.test");
        assert!(text.contains("ordini@giglio.test"), "{text}");
    }
}

/// Without the addresses, the placeholder is warned about where it is written, and an
/// SMTP server is never given it: `mail send` refuses, naming the line and what to
/// set, and sends nothing. Once the referee sets the real address, the welcomes
/// written with the placeholder are written again, each with a new secret (the one
/// `new` printed never went out, and no longer works), and the new one works.
#[test]
fn a_placeholder_address_is_refused_and_the_welcome_written_again() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (dir, printed) = made(tmp.path(), &[]);
    let toml_path = dir.join("giglio.toml");
    let toml = std::fs::read_to_string(&toml_path).expect("giglio.toml");
    let line = toml
        .lines()
        .position(|l| l.starts_with("from = "))
        .expect("from")
        + 1;
    let status = run(&dir, &["status"]).success();
    let warned = stderr_of(&status);
    assert!(
        warned.contains(&format!(
            "giglio.toml:{line}: [mail] from = arbitro@giglio.invalid is a placeholder"
        )),
        "{warned}"
    );
    // A server set: nothing goes to it with the placeholder.
    std::fs::write(
        &toml_path,
        format!("{toml}\n[smtp]\nhost = \"127.0.0.1\"\nport = 9\nsecurity = \"none\"\n"),
    )
    .expect("write");
    let refused = run(&dir, &["mail", "send"]).failure();
    let err = stderr_of(&refused);
    assert_eq!(code_of(&refused), 1, "{err}");
    assert!(err.contains("is a placeholder"), "{err}");
    assert!(err.contains("set from"), "{err}");
    assert_eq!(queued(&dir), 3, "nothing sent");
    // The referee sets the real address (and writes to a folder for this test).
    let real = toml.replacen(
        "from = \"Arbitro del Giglio <arbitro@giglio.invalid>\"",
        "from = \"Arbitro del Giglio <arbitro@giglio.test>\"",
        1,
    );
    std::fs::write(&toml_path, real).expect("write");
    let sent = run(&dir, &["mail", "send"]).success();
    assert!(
        stderr_of(&sent).contains("written again"),
        "{}",
        stderr_of(&sent)
    );
    let w = welcomes(&dir);
    assert_eq!(w.len(), 3, "one welcome a club, the old ones gone: {w:?}");
    for (to, from, text) in &w {
        assert_eq!(from, "arbitro@giglio.test");
        assert!(text.contains("arbitro@giglio.test"), "{text}");
        assert!(!text.contains(".invalid"), "{text}");
        let nation = match to.as_str() {
            "venezia@club.test" => "V",
            "firenze@club.test" => "F",
            _ => "M",
        };
        let secret = secret_in(text);
        assert_ne!(secret, printed[nation], "a new secret");
        let old = spring_file(&dir, nation, &printed[nation]);
        let a = run(&dir, &["orders", "submit", old.to_str().expect("utf-8")]).failure();
        assert!(stderr_of(&a).contains("secret"), "{}", stderr_of(&a));
        let new = spring_file(&dir, nation, &secret);
        run(&dir, &["orders", "submit", new.to_str().expect("utf-8")]).success();
    }
    let log =
        String::from_utf8_lossy(&run(&dir, &["log"]).success().get_output().stdout).into_owned();
    assert!(
        log.contains("written again with the addresses of giglio.toml now"),
        "{log}"
    );
}

/// `club secret CODE --rotate` queues the club's welcome with the new secret; before
/// the first welcome went out, it takes that one back, so the club gets one welcome,
/// with the secret that works. After delivery, a rotation sends a second welcome.
#[test]
fn a_rotated_secret_goes_out_in_the_welcome() {
    let tmp = tempfile::tempdir().expect("tmp");
    let (dir, printed) = made(tmp.path(), &["--from", "Arbitro <arbitro@giglio.test>"]);
    let out = run(&dir, &["club", "secret", "M", "--rotate", "--json"]).success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("json");
    let rotated = v["secret"].as_str().expect("secret").to_owned();
    assert_ne!(rotated, printed["M"]);
    run(&dir, &["mail", "send"]).success();
    let w = welcomes(&dir);
    let to_m: Vec<&(String, String, String)> = w
        .iter()
        .filter(|(to, _, _)| to == "milano@club.test")
        .collect();
    assert_eq!(to_m.len(), 1, "one welcome for M: {w:?}");
    assert_eq!(secret_in(&to_m[0].2), rotated);
    // Delivered: a new rotation sends the welcome again, with the newer secret.
    let out = run(&dir, &["club", "secret", "M", "--rotate", "--json"]).success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("json");
    let newer = v["secret"].as_str().expect("secret").to_owned();
    run(&dir, &["mail", "send"]).success();
    let w = welcomes(&dir);
    let secrets: Vec<String> = w
        .iter()
        .filter(|(to, _, _)| to == "milano@club.test")
        .map(|(_, _, t)| secret_in(t))
        .collect();
    assert_eq!(secrets.len(), 2, "{secrets:?}");
    assert!(secrets.contains(&newer), "{secrets:?}");
    // The rotated welcome says the secret is new and the old one no longer works (a
    // play-test's club read it as a first welcome).
    let rotated_text = &w
        .iter()
        .find(|(to, _, t)| to == "milano@club.test" && secret_in(t) == newer)
        .expect("the rotated welcome")
        .2;
    assert!(
        rotated_text
            .contains("This secret is new: if your club had one before, it no longer works."),
        "{rotated_text}"
    );
    // Once the campaign has begun, a rotated welcome names the next deadline, not the
    // first.
    run(&dir, &["resolve", "--force"]).success();
    run(&dir, &["mail", "send"]).success();
    let out = run(&dir, &["club", "secret", "M", "--rotate", "--json"]).success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).expect("json");
    let latest = v["secret"].as_str().expect("secret").to_owned();
    run(&dir, &["mail", "send"]).success();
    let w = welcomes(&dir);
    let later = &w
        .iter()
        .find(|(to, _, t)| to == "milano@club.test" && secret_in(t) == latest)
        .expect("the later welcome")
        .2;
    assert!(
        !later.contains("The first deadline") && !later.contains("The first phase"),
        "{later}"
    );
    assert!(
        later.contains("The next deadline for orders (round 1")
            || later.contains("The phase now open is round 1"),
        "{later}"
    );
    // --no-welcome queues nothing.
    run(&dir, &["club", "secret", "M", "--rotate", "--no-welcome"]).success();
    assert_eq!(queued(&dir), 0);
}
