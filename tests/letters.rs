//! Letters between clubs (issue 33, G5.3) on the real binary: clubs mail `[[letter]]`
//! entries, `giglio inbox` reads them, the outbox carries each once to its addressees in
//! their language (and a copy to the referee), `giglio letters` keeps the record. A
//! season of an alliance agreed by letters and betrayed; an unsigned letter; a letter
//! refused for each reason; mail read again or sent again carries nothing twice; undo
//! takes back the letters of the phase it removes.

use crate::common::{giglio, secrets_of};
use mail_parser::MessageParser;
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(crate) const REFEREE: &str = "arbitro@giglio.example";

/// Venice writes in Italian, Milan reads English, Savoy stands apart (far from Venice).
const CLUBS: &str = r#"
[[club]]
nation = "V"
name = "Circolo del Leone"
emails = ["doge@leone.example"]
lang = "it"

[[club]]
nation = "M"
name = "Club del Biscione"
emails = ["moro@biscione.example"]
lang = "en"

[[club]]
nation = "SV"
name = "Circolo Sabaudo"
emails = ["duca@savoia.example"]
lang = "it"
"#;

pub(crate) fn address(nation: &str) -> &'static str {
    match nation {
        "V" => "doge@leone.example",
        "M" => "moro@biscione.example",
        _ => "duca@savoia.example",
    }
}

/// One message as it went out: its recipients, subject, text and raw bytes.
#[derive(Debug)]
pub(crate) struct Sent {
    pub(crate) to: Vec<String>,
    pub(crate) subject: String,
    pub(crate) text: String,
    pub(crate) raw: Vec<u8>,
}

/// A campaign of three clubs with a referee address.
pub(crate) struct Post {
    _tmp: tempfile::TempDir,
    root: PathBuf,
    pub(crate) dir: PathBuf,
    secrets: BTreeMap<String, String>,
}

impl Post {
    pub(crate) fn new() -> Post {
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
        let secrets = secrets_of(&String::from_utf8(out).expect("UTF-8"));
        let post = Post {
            dir: root.join("c"),
            root,
            _tmp: tmp,
            secrets,
        };
        post.edit(
            "giglio.toml",
            "referee = []",
            &format!("referee = [\"{REFEREE}\"]"),
        );
        post
    }

    /// Replaces `from` by `to` in one file of the campaign directory.
    pub(crate) fn edit(&self, file: &str, from: &str, to: &str) {
        let path = self.dir.join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{file} has no `{from}`");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    }

    /// Sets one of the campaign's rulings.
    pub(crate) fn ruling(&self, from: &str, to: &str) {
        self.edit("campaign/rules.toml", from, to);
    }

    pub(crate) fn cmd(&self) -> assert_cmd::Command {
        let mut c = giglio(&self.root);
        c.arg("-C").arg(&self.dir);
        c
    }

    pub(crate) fn stdout(&self, args: &[&str]) -> String {
        let out = self.cmd().args(args).assert().success();
        String::from_utf8(out.get_output().stdout.clone()).expect("UTF-8")
    }

    pub(crate) fn json(&self, args: &[&str]) -> Value {
        serde_json::from_str(&self.stdout(args)).expect("JSON")
    }

    /// The open phase's key.
    pub(crate) fn phase(&self) -> String {
        self.json(&["status", "--json"])["phase"]
            .as_str()
            .expect("a phase")
            .to_owned()
    }

    /// A message from the club's address carrying `body` under its header; returns the
    /// message's bytes.
    pub(crate) fn message(&self, nation: &str, body: &str) -> Vec<u8> {
        static N: AtomicUsize = AtomicUsize::new(0);
        let file = format!(
            "club = \"{nation}\"\nphase = \"{}\"\nsecret = \"{}\"\n{body}",
            self.phase(),
            self.secrets[nation]
        );
        format!(
            "From: {}\r\nTo: {REFEREE}\r\nSubject: ordini\r\nMessage-ID: <l{}.{}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}",
            address(nation),
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed),
            file.replace('\n', "\r\n")
        )
        .into_bytes()
    }

    /// Reads one message; returns what became of it.
    pub(crate) fn read(&self, raw: &[u8]) -> Value {
        static N: AtomicUsize = AtomicUsize::new(0);
        let path = self
            .root
            .join(format!("in-{}.eml", N.fetch_add(1, Ordering::Relaxed)));
        std::fs::write(&path, raw).expect("write the message");
        let read = self.json(&["inbox", "--eml", path.to_str().expect("UTF-8"), "--json"]);
        assert_eq!(read.as_array().map(Vec::len), Some(1), "{read}");
        read[0].clone()
    }

    /// Mails a file of `nation` with `body`; it must be accepted.
    pub(crate) fn mail(&self, nation: &str, body: &str) -> Value {
        let read = self.read(&self.message(nation, body));
        assert_eq!(read["verdict"], "accepted", "{read}");
        read
    }

    /// The outbox's queued messages of one kind.
    pub(crate) fn queued(&self, kind: &str) -> Vec<Value> {
        let all = self.json(&["mail", "status", "--json"]);
        all.as_array()
            .expect("rows")
            .iter()
            .filter(|m| m["kind"] == kind && m["status"] == "queued")
            .cloned()
            .collect()
    }

    /// Delivers the outbox as .eml files; returns what went.
    pub(crate) fn send(&self) -> Vec<Sent> {
        static N: AtomicUsize = AtomicUsize::new(0);
        let out = self
            .root
            .join(format!("out-{}", N.fetch_add(1, Ordering::Relaxed)));
        self.cmd()
            .args(["mail", "send", "--to-dir", out.to_str().expect("UTF-8")])
            .assert()
            .success();
        let Ok(entries) = std::fs::read_dir(&out) else {
            return Vec::new();
        };
        entries
            .map(|e| {
                let raw = std::fs::read(e.expect("entry").path()).expect("an .eml");
                let m = MessageParser::default().parse(&raw).expect("MIME");
                let to = m
                    .to()
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.address())
                            .map(str::to_owned)
                            .collect()
                    })
                    .unwrap_or_default();
                Sent {
                    to,
                    subject: m.subject().unwrap_or("").to_owned(),
                    text: m.body_text(0).unwrap_or_default().into_owned(),
                    raw: raw.clone(),
                }
            })
            .collect()
    }

    pub(crate) fn letters(&self) -> Vec<Value> {
        let v = self.json(&["letters", "--json"]);
        v.as_array().expect("letters").clone()
    }

    pub(crate) fn world(&self) -> giglio::rules::World {
        giglio::storage::Store::open_read(&self.dir)
            .and_then(|s| s.current())
            .expect("the campaign reads")
            .world
    }
}

/// The one message that went to `nation` and whose subject holds `subject`.
fn one_to<'a>(sent: &'a [Sent], nation: &str, subject: &str) -> &'a Sent {
    let found: Vec<&Sent> = sent
        .iter()
        .filter(|s| s.to.iter().any(|t| t == address(nation)) && s.subject.contains(subject))
        .collect();
    assert_eq!(found.len(), 1, "to {nation} about {subject}: {sent:#?}");
    found[0]
}

pub(crate) fn letter(to: &[&str], text: &str) -> String {
    let to: Vec<String> = to.iter().map(|n| format!("\"{n}\"")).collect();
    format!(
        "\n[[letter]]\nto = [{}]\ntext = \"\"\"{text}\"\"\"\n",
        to.join(", ")
    )
}

#[test]
fn two_clubs_agree_an_alliance_by_letters_and_one_later_betrays_it() {
    let p = Post::new();
    // Spring 1494. Venice sends its orders, hiring an assassin, then a file of one letter.
    let orders_v = "[[hire]]\nspecialist = \"assassin\"\n";
    let first = p.mail("V", orders_v);
    p.send();
    let proposal = "Eccellenza, Venezia propone un'alleanza contro il re di Francia.";
    p.mail("V", &letter(&["M"], proposal));
    // The file of letters only left Venice's orders as they were.
    let files = p.json(&["orders", "list", "--json"]);
    let active: Vec<&Value> = files
        .as_array()
        .expect("files")
        .iter()
        .filter(|f| f["active"] == true)
        .collect();
    assert_eq!(active.len(), 1, "{files}");
    assert_eq!(active[0]["receipt"], first["receipt"], "{files}");
    let sent = p.send();
    let to_m = one_to(&sent, "M", "A letter from the Republic of Venice");
    assert!(to_m.text.contains(proposal), "{}", to_m.text);
    assert!(to_m.text.contains("spring 1494"), "{}", to_m.text);
    // A file of letters alone is no "orders received" (a play-test).
    let receipt = one_to(&sent, "V", "file ricevuto, ordini invariati");
    assert!(
        receipt.text.contains("non porta ordini, solo lettere")
            && receipt
                .text
                .contains("lettera al Ducato di Milano: parte con la prossima posta"),
        "{}",
        receipt.text
    );
    let copy = sent
        .iter()
        .find(|s| s.to == [REFEREE] && s.subject.contains("copy of a letter"))
        .expect("the referee's copy");
    assert!(copy.text.contains(proposal), "{}", copy.text);
    // Savoy hears nothing of it.
    assert!(
        sent.iter()
            .all(|s| !s.to.contains(&address("SV").to_owned()))
    );

    // Milan agrees, in a file with its orders.
    let answer = "Milan accepts: from this spring we stand with Venice.";
    p.mail(
        "M",
        &format!("alliances = [\"V\"]\n{}", letter(&["V"], answer)),
    );
    let sent = p.send();
    let to_v = one_to(&sent, "V", "Lettera dal Ducato di Milano");
    assert!(to_v.text.contains(answer), "{}", to_v.text);
    // Venice declares too, in a new file that carries its first letter again: the same
    // letter is not a new one.
    let again = p.mail(
        "V",
        &format!(
            "alliances = [\"M\"]\n{orders_v}{}",
            letter(&["M"], proposal)
        ),
    );
    assert_eq!(again["verdict"], "accepted");
    assert!(p.queued("letter").is_empty(), "{:?}", p.queued("letter"));
    let sent = p.send();
    let receipt = one_to(&sent, "V", "ricevut");
    assert!(
        receipt
            .text
            .contains("la stessa lettera è già partita in questa fase"),
        "{}",
        receipt.text
    );
    p.cmd().args(["resolve", "--force"]).assert().success();
    let w = p.world();
    let alliance = w
        .alliances
        .iter()
        .find(|a| a.members.iter().any(|m| m.as_str() == "V"))
        .expect("an alliance of Venice");
    assert_eq!(alliance.declared_by.len(), 2, "{alliance:?}");
    assert!(alliance.betrayed_by.is_empty());
    // Each report says where the club's alliances stand (a play-test's clubs found it
    // on the spring's sheet alone).
    let sent = p.send();
    let alliances_in = |sent: &[Sent], nation: &str, heading: &str| -> String {
        let report = sent
            .iter()
            .find(|s| s.to.iter().any(|t| t == address(nation)) && s.text.contains(heading))
            .unwrap_or_else(|| panic!("{nation}'s report with {heading}: {sent:#?}"));
        let at = report.text.find(heading).expect("the heading");
        report.text[at..]
            .lines()
            .take(2)
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Milan's line (in English) and Venice's (in Italian) under each heading.
    let alliances_are = |sent: &[Sent], milan: &str, venice: &str| {
        assert_eq!(
            alliances_in(sent, "M", "Your alliances (G5.2)"),
            format!("Your alliances (G5.2):\n    Republic of Venice (V): {milan}")
        );
        assert_eq!(
            alliances_in(sent, "V", "Le vostre alleanze (G5.2)"),
            format!("Le vostre alleanze (G5.2):\n    Ducato di Milano (M): {venice}")
        );
    };
    alliances_are(&sent, "in force", "in vigore");
    // Savoy declared none: its report has no such section.
    let savoy: Vec<&Sent> = (sent.iter())
        .filter(|s| s.to.iter().any(|t| t == address("SV")))
        .collect();
    assert!(!savoy.is_empty(), "{sent:#?}");
    assert!(
        savoy.iter().all(|s| !s.text.contains("(G5.2):")),
        "{savoy:#?}"
    );

    // The first round: Venice sends its assassin against the commander of Milan's army.
    let army = w
        .armies
        .values()
        .find(|a| a.nation.as_str() == "M")
        .expect("a Milanese army")
        .id
        .clone();
    p.mail(
        "V",
        &format!(
            "[[assassin]]\ntarget = \"commander\"\narmy = \"{}\"\n",
            army.as_str()
        ),
    );
    p.cmd().args(["resolve", "--force"]).assert().success();
    let w = p.world();
    let alliance = w
        .alliances
        .iter()
        .find(|a| a.members.iter().any(|m| m.as_str() == "V"))
        .expect("the alliance");
    let betrayers: Vec<&str> = alliance.betrayed_by.iter().map(|n| n.as_str()).collect();
    assert_eq!(betrayers, ["V"], "{alliance:?}");
    let sent = p.send();
    alliances_are(
        &sent,
        "broken: that nation betrayed it, and it binds you no more",
        "rotta: l'avete tradita voi",
    );
    // Milan writes what it thinks of it.
    let reproach = "Treachery! Milan will remember.";
    p.mail("M", &letter(&["V"], reproach));
    let sent = p.send();
    let to_v = one_to(&sent, "V", "Lettera dal Ducato di Milano");
    assert!(to_v.text.contains(reproach), "{}", to_v.text);

    // The record: three letters, in order, each sent to its addressee and the referee.
    let letters = p.letters();
    let story: Vec<(&str, &str, &str)> = letters
        .iter()
        .map(|l| {
            (
                l["phase"].as_str().unwrap_or(""),
                l["sender"].as_str().unwrap_or(""),
                l["recipients"][0].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        story,
        [
            ("1494-spring", "V", "M"),
            ("1494-spring", "M", "V"),
            ("1494-r02", "M", "V")
        ]
    );
    for l in &letters {
        let copies = l["copies"].as_array().expect("copies");
        assert_eq!(copies.len(), 2, "{l}");
        assert!(copies.iter().all(|c| c["status"] == "sent"), "{l}");
    }
    // Letters change no resolution: the campaign audits.
    p.cmd().arg("audit").assert().success();
    let text = p.stdout(&["letters", "--club", "M", "--phase", "1494-r02"]);
    assert!(
        text.contains("1494-r02 M -> V") && text.contains(reproach),
        "{text}"
    );
}

#[test]
fn an_unsigned_letter_names_no_writer_but_the_referee_knows() {
    let p = Post::new();
    let text = "Guardatevi dal re di Francia: marcia su Asti.";
    p.mail(
        "V",
        &format!("{}anonymous = true\n", letter(&["M", "SV"], text)),
    );
    let sent = p.send();
    let to_m = one_to(&sent, "M", "A letter from an unnamed sender");
    let to_sv = one_to(&sent, "SV", "Lettera da un mittente senza nome");
    for s in [to_m, to_sv] {
        assert!(s.text.contains(text), "{}", s.text);
        let raw = String::from_utf8_lossy(&s.raw);
        for tell in ["Venezia", "Venice", "leone", "In-Reply-To", "References"] {
            assert!(!raw.contains(tell), "{tell} in an unsigned letter:\n{raw}");
        }
    }
    let copy = sent
        .iter()
        .find(|s| s.to == [REFEREE] && s.subject.contains("copy of a letter"))
        .expect("the referee's copy");
    assert!(
        copy.text.contains("from the Republic of Venice (unsigned"),
        "{}",
        copy.text
    );
    let receipt = one_to(&sent, "V", "ricevut");
    assert!(receipt.text.contains("senza firma"), "{}", receipt.text);
    let letters = p.letters();
    assert_eq!(letters.len(), 1);
    assert_eq!(letters[0]["anonymous"], true);
    assert_eq!(letters[0]["sender"], "V");
}

/// The receipt a file gets, read from what went to `nation`.
fn receipt_of(p: &Post, nation: &str, body: &str) -> String {
    p.mail(nation, body);
    let sent = p.send();
    let subject = if nation == "M" { "received" } else { "ricevut" };
    one_to(&sent, nation, subject).text.clone()
}

#[test]
fn a_letter_is_refused_for_each_reason_where_it_is_written() {
    let p = Post::new();
    // Against the definition and the clubs (shipped rulings: any club, unsigned allowed).
    let body = [
        letter(&["G"], "A Genova, che non ha club."),
        letter(&["V"], "A me stesso."),
        letter(&["ZZ"], "A nessuno."),
        letter(&[], "Senza destinatari."),
        letter(&["M"], "   "),
    ]
    .concat();
    let receipt = receipt_of(&p, "V", &body);
    for (said, at) in [
        (
            "nessun club gioca la Repubblica di Genova",
            "file di ordini nel testo:6:7",
        ),
        (
            "una lettera alla tua stessa nazione",
            "file di ordini nel testo:10:7",
        ),
        ("ZZ", "file di ordini nel testo:14:7"),
        (
            "questa lettera non ha destinatari",
            "file di ordini nel testo:17:1",
        ),
        (
            "questa lettera non ha testo",
            "file di ordini nel testo:23:8",
        ),
    ] {
        assert!(receipt.contains(said), "{said} in\n{receipt}");
        assert!(receipt.contains(at), "{at} in\n{receipt}");
    }
    assert!(p.letters().is_empty());

    // Against the campaign's rulings.
    p.ruling("letters = \"any\"", "letters = \"contact\"");
    p.ruling("letters_anonymous = true", "letters_anonymous = false");
    p.ruling("letters_max_chars = 4000", "letters_max_chars = 40");
    p.ruling("letters_per_phase = 10", "letters_per_phase = 2");
    let body = [
        letter(&["SV"], "Savoia è lontana."),
        format!("{}anonymous = true\n", letter(&["M"], "Senza firma.")),
        letter(&["M"], &"Troppo lunga. ".repeat(5)),
        letter(&["M"], "Prima."),
        letter(&["M"], "Seconda."),
        letter(&["M"], "Terza, oltre il limite."),
    ]
    .concat();
    let receipt = receipt_of(&p, "V", &body);
    for said in [
        "Ducato di Savoia non è in contatto con i tuoi pezzi",
        "questa campagna non consente lettere senza firma",
        "questa lettera supera 40 caratteri",
        "il tuo club ha spedito 2 lettere in questa fase",
    ] {
        assert!(receipt.contains(said), "{said} in\n{receipt}");
    }
    let sent: Vec<String> = p
        .letters()
        .iter()
        .map(|l| l["text"].as_str().unwrap_or("").to_owned())
        .collect();
    assert_eq!(sent, ["Prima.", "Seconda."]);
    // Milan reads the refusal in English.
    let receipt = receipt_of(&p, "M", &letter(&["SV"], "Far away."));
    assert!(
        receipt.contains("Duchy of Savoy is not in contact with your pieces"),
        "{receipt}"
    );

    // A campaign that carries no letters.
    p.ruling("letters = \"contact\"", "letters = \"off\"");
    let receipt = receipt_of(&p, "M", &letter(&["V"], "Anyone there?"));
    assert!(
        receipt.contains("this campaign carries no letters between clubs"),
        "{receipt}"
    );
    assert_eq!(p.letters().len(), 2);
}

#[test]
fn mail_read_again_or_sent_again_carries_a_letter_once() {
    let p = Post::new();
    let raw = p.message("V", &letter(&["M"], "Una volta sola."));
    assert_eq!(p.read(&raw)["verdict"], "accepted");
    assert_eq!(p.read(&raw)["verdict"], "duplicate");
    // The same letter in a new message, and in a file beside orders: not new.
    p.mail("V", &letter(&["M"], "Una volta sola."));
    p.mail(
        "V",
        &format!(
            "[[hire]]\nspecialist = \"spy\"\n{}",
            letter(&["M"], "Una volta sola.")
        ),
    );
    assert_eq!(p.queued("letter").len(), 1);
    assert_eq!(p.queued("letter-copy").len(), 1);
    let first = p.send();
    assert_eq!(
        first.iter().filter(|s| s.to == [address("M")]).count(),
        1,
        "{first:#?}"
    );
    // Delivering again sends nothing.
    let second = p.send();
    assert!(second.is_empty(), "{second:#?}");
    assert_eq!(p.letters().len(), 1);
}

#[test]
fn undo_takes_back_the_letters_of_the_phase_it_removes() {
    let p = Post::new();
    p.mail("V", &letter(&["M"], "Di primavera."));
    p.send();
    p.cmd().args(["resolve", "--force"]).assert().success();
    p.mail("V", &letter(&["M"], "Del primo turno."));
    assert_eq!(p.queued("letter").len(), 1);
    p.cmd().arg("undo").assert().success();
    assert_eq!(p.phase(), "1494-spring");
    assert!(p.queued("letter").is_empty());
    assert!(p.queued("letter-copy").is_empty());
    let letters = p.letters();
    assert_eq!(letters.len(), 2);
    // The spring letter went: it stays, as history.
    assert_eq!(letters[0]["withdrawn_at"], Value::Null);
    assert!(letters[1]["withdrawn_at"].is_string(), "{}", letters[1]);
    assert!(
        letters[1]["copies"]
            .as_array()
            .expect("copies")
            .iter()
            .all(|c| c["status"] == "withdrawn"),
        "{}",
        letters[1]
    );
    let sent = p.send();
    assert!(sent.iter().all(|s| !s.text.contains("Del primo turno.")));
}

#[test]
fn a_letter_never_carries_its_writers_secret() {
    let p = Post::new();
    let secret = p.secrets["V"].clone();
    p.mail(
        "V",
        &letter(&["M"], &format!("Our secret is {secret}, keep it well.")),
    );
    let sent = p.send();
    let to_m = one_to(&sent, "M", "A letter from the Republic of Venice");
    assert!(to_m.text.contains("Our secret is"), "{}", to_m.text);
    for s in &sent {
        assert!(
            !String::from_utf8_lossy(&s.raw).contains(&secret) && !s.text.contains(&secret),
            "the secret went to {:?}",
            s.to
        );
    }
    assert!(!p.stdout(&["letters", "--json"]).contains(&secret));
}

/// Issue 29 (a playtest): a slip in an attached order file is located by the file's own
/// name, as the club saved it, not by a name it never gave ("orders.toml"); one in
/// orders written in the message's text, by the message's text.
#[test]
fn a_slip_is_located_in_the_file_the_club_attached() {
    let p = Post::new();
    let file = format!(
        "club = \"V\"\nphase = \"{}\"\nsecret = \"{}\"\n\n[[hire]]\nspecialist = \"sapper\n",
        p.phase(),
        p.secrets["V"]
    );
    let raw = format!(
        "From: {}\r\nTo: {REFEREE}\r\nSubject: ordini\r\nMessage-ID: <att.{}@test.example>\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n--b\r\nContent-Type: text/plain; charset=utf-8\r\n\r\necco gli ordini\r\n--b\r\nContent-Type: application/toml\r\nContent-Disposition: attachment; filename=\"ordini-V-{}.toml\"\r\n\r\n{}\r\n--b--\r\n",
        address("V"),
        std::process::id(),
        p.phase(),
        file.replace('\n', "\r\n")
    );
    let read = p.read(raw.as_bytes());
    assert_eq!(read["verdict"], "rejected", "{read}");
    let sent = p.send();
    let rejection = one_to(&sent, "V", "ordini non accettati");
    let at = format!("--> ordini-V-{}.toml:6:", p.phase());
    assert!(rejection.text.contains(&at), "{at} in\n{}", rejection.text);
    assert!(
        !rejection.text.contains("orders.toml"),
        "{}",
        rejection.text
    );
}

/// What a file of letters alone does, as each phase's sheet says it: in the rounds a
/// `[[stance]]` as it stands makes it count as orders sent; in spring (which takes no
/// stance) the sheet goes first, alone; the winter takes no orders at all (play-test 40:
/// the spring and winter sheets offered a stance, which `orders check` refused).
#[test]
fn each_phase_sheet_says_what_a_file_of_letters_alone_does() {
    let t = crate::common::TestCampaign::new();
    crate::common::two_summer_rounds(&t.dir);
    let sheet = |name: &str| -> String {
        let store = giglio::storage::Store::open_read(&t.dir).expect("open");
        for m in store.outbox(None).expect("outbox").into_iter().rev() {
            if m.nation.as_deref() != Some("V") {
                continue;
            }
            let raw = store.message_bytes(m.id).expect("bytes").expect("kept");
            let msg = MessageParser::default().parse(&raw).expect("parses");
            if let Some(part) = msg
                .attachments()
                .find(|a| mail_parser::MimeHeaders::attachment_name(*a) == Some(name))
            {
                return String::from_utf8(part.contents().to_vec()).expect("UTF-8");
            }
        }
        let kinds: Vec<String> = store
            .outbox(None)
            .expect("outbox")
            .iter()
            .map(|m| format!("{} {:?}", m.kind, m.nation))
            .collect();
        panic!("no {name} went to V: {kinds:?}")
    };
    let stance = "uno `[[stance]]` com'è";
    // A welcome sent again (with a new secret) carries the spring's sheet.
    t.run(&["club", "secret", "V", "--rotate"]).success();
    let spring = sheet("ordini-V-1494-primavera.toml");
    assert!(
        spring.contains("spedite\n# prima il foglio da solo, poi le lettere"),
        "{spring}"
    );
    assert!(!spring.contains(stance), "{spring}");
    t.run(&["resolve", "--force"]).success();
    let round = sheet("ordini-V-1494-r01.toml");
    assert!(round.contains(stance), "{round}");
    t.run(&["resolve", "--force"]).success();
    t.run(&["resolve", "--force"]).success();
    let winter = sheet("ordini-V-1494-inverno.toml");
    assert!(
        winter.contains(
            "L'inverno non prende ordini: un file di sole lettere è tutto ciò che serve."
        ),
        "{winter}"
    );
    assert!(!winter.contains(stance), "{winter}");
}
