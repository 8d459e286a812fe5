//! Smoke tests of the test infrastructure itself (owned by it): the real SMTP sink with
//! each fault, Dovecot IMAP, and headless Chromium, with no giglio code involved.

use crate::common::browser::screenshot_and_dom;
use crate::common::servers::{
    Fault, IMAP_PASSWORD, MailOpts, MailServers, SMTP_PASSWORD, SMTP_USER,
};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// A message with a dot-stuffed line and a bare final CRLF, as a client sends it.
fn message(message_id: &str) -> Vec<u8> {
    format!(
        "From: referee@giglio.test\r\nTo: club@giglio.test\r\nMessage-ID: <{message_id}>\r\n\
         Subject: orders\r\n\r\n.a line that starts with a dot\r\n..two dots\r\nend\r\n"
    )
    .into_bytes()
}

/// One SMTP transaction over a raw socket, in plain mode. Returns each reply's code in
/// order; after the first unexpected reply the client sends QUIT. `refused` if nothing
/// listens, `EOF` when the server closed the connection.
fn transaction(port: u16, raw: &[u8]) -> Vec<String> {
    let Ok(stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return vec!["refused".into()];
    };
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut stream = stream;
    let mut codes = Vec::new();
    let mut stuffed = Vec::new();
    for line in raw.split_inclusive(|&b| b == b'\n') {
        if line.starts_with(b".") {
            stuffed.push(b'.');
        }
        stuffed.extend_from_slice(line);
    }
    stuffed.extend_from_slice(b".\r\n");
    let steps: [(&[u8], &str); 6] = [
        (b"", "220"),
        (b"EHLO client.test\r\n", "250"),
        (b"MAIL FROM:<referee@giglio.test>\r\n", "250"),
        (b"RCPT TO:<club@giglio.test>\r\n", "250"),
        (b"DATA\r\n", "354"),
        (&stuffed, "250"),
    ];
    for (send, expected) in steps {
        let _ = stream.write_all(send);
        let code = smtp_reply(&mut reader);
        codes.push(code.clone());
        if code == "EOF" {
            return codes;
        }
        if code != expected {
            break;
        }
    }
    let _ = stream.write_all(b"QUIT\r\n");
    codes.push(smtp_reply(&mut reader));
    codes
}

/// Reads one (possibly multi-line) SMTP reply and returns its code, or `EOF`.
fn smtp_reply(reader: &mut impl BufRead) -> String {
    loop {
        let mut line = String::new();
        match reader.read_line(&mut line) {
            Ok(0) | Err(_) => return "EOF".into(),
            Ok(_) if line.as_bytes().get(3) == Some(&b'-') => continue,
            Ok(_) => return line[..3].to_owned(),
        }
    }
}

fn codes(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

/// Outcomes in the sink's log, in order.
fn outcomes(servers: &MailServers) -> Vec<String> {
    let log = servers.sink_log();
    log.iter()
        .map(|l| l.split(' ').next().unwrap().to_owned())
        .collect()
}

#[test]
fn tls_smtp_with_auth_stores_the_message_byte_for_byte() {
    use lettre::transport::smtp::authentication::Credentials;
    use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
    use lettre::{Message, SmtpTransport, Transport};

    let started = Instant::now();
    let servers = MailServers::start(MailOpts::default());
    eprintln!("MailServers::start (TLS) took {:?}", started.elapsed());
    let ca = std::fs::read(&servers.ca_pem_path).unwrap();
    let tls = TlsParameters::builder("localhost".into())
        .add_root_certificate(Certificate::from_pem(&ca).unwrap())
        .build_rustls()
        .unwrap();
    let mailer = |password: Option<&str>| {
        let b = SmtpTransport::builder_dangerous("127.0.0.1")
            .port(servers.smtp_port)
            .tls(Tls::Required(tls.clone()))
            .timeout(Some(Duration::from_secs(10)));
        match password {
            Some(p) => b
                .credentials(Credentials::new(SMTP_USER.into(), p.into()))
                .build(),
            None => b.build(),
        }
    };
    let email = Message::builder()
        .from("Referee <referee@giglio.test>".parse().unwrap())
        .to("Club Firenze <firenze@giglio.test>".parse().unwrap())
        .subject("Turn 3 — orders due")
        .message_id(Some("<turn3.firenze@giglio.test>".into()))
        .body("Orders are due.\n.Leading dot.\nArrivederci\n".to_owned())
        .unwrap();

    let wrong = mailer(Some("nope")).send(&email).unwrap_err();
    assert!(wrong.is_permanent(), "wrong password: {wrong}");
    let anonymous = mailer(None).send(&email).unwrap_err();
    assert!(anonymous.is_permanent(), "no AUTH: {anonymous}");
    mailer(Some(SMTP_PASSWORD)).send(&email).unwrap();

    // lettre 0.11 always ends DATA with CRLF.CRLF, even after a message that already ends
    // in CRLF, so one empty line more arrives than `formatted()` holds.
    let mut on_the_wire = email.formatted();
    on_the_wire.extend_from_slice(b"\r\n");
    assert_eq!(servers.received(), vec![on_the_wire.clone()]);
    assert_eq!(servers.deliveries("turn3.firenze@giglio.test"), 1);
    assert_eq!(
        servers.sink_log(),
        ["outcome=stored message_id=<turn3.firenze@giglio.test> \
          mail_from=referee@giglio.test rcpt_tos=firenze@giglio.test"]
    );
    assert!(servers.smtp_maildir().join("new").is_dir());
    // The sink's Maildir is also user referee's INBOX in Dovecot.
    assert_eq!(
        imap_fetch_all(servers.imap_port, SMTP_USER),
        vec![on_the_wire]
    );
}

#[test]
fn every_fault_behaves_as_specified() {
    // (fault, reply codes, messages stored, outcomes logged)
    let table: [(Fault, &[&str], usize, &[&str]); 10] = [
        (
            Fault::None,
            &["220", "250", "250", "250", "354", "250", "221"],
            1,
            &["outcome=stored"],
        ),
        (Fault::RefuseConnect, &["refused"], 0, &[]),
        (
            Fault::Greeting421,
            &["421", "EOF"],
            0,
            &["outcome=greeting-421"],
        ),
        (
            Fault::Rcpt451,
            &["220", "250", "250", "451", "221"],
            0,
            &["outcome=rcpt-451"],
        ),
        (
            Fault::Rcpt550,
            &["220", "250", "250", "550", "221"],
            0,
            &["outcome=rcpt-550"],
        ),
        (
            Fault::Data451,
            &["220", "250", "250", "250", "354", "451", "221"],
            0,
            &["outcome=rejected-451"],
        ),
        (
            Fault::Data554,
            &["220", "250", "250", "250", "354", "554", "221"],
            0,
            &["outcome=rejected-554"],
        ),
        (
            Fault::DropAfterDataCmd,
            &["220", "250", "250", "250", "EOF"],
            0,
            &["outcome=dropped-at-data"],
        ),
        (
            Fault::DropAfterDot,
            &["220", "250", "250", "250", "354", "EOF"],
            1,
            &["outcome=stored-unanswered"],
        ),
        (
            Fault::GoneAfter(1),
            &["220", "250", "250", "250", "354", "250"],
            1,
            &["outcome=stored"],
        ),
    ];
    for (fault, expected_codes, stored, logged) in table {
        let started = Instant::now();
        let servers = MailServers::start(MailOpts::plain().with_fault(fault));
        eprintln!(
            "MailServers::start (plain, {fault}) took {:?}",
            started.elapsed()
        );
        let raw = message(&format!("{fault}@giglio.test"));
        let mut got = transaction(servers.smtp_port, &raw);
        if fault == Fault::GoneAfter(1) {
            got.truncate(6); // QUIT races with the exit: 221 or EOF
        }
        assert_eq!(got, codes(expected_codes), "{fault}: replies");
        let received = servers.received();
        assert_eq!(received.len(), stored, "{fault}: messages stored");
        if stored == 1 {
            assert_eq!(received[0], raw, "{fault}: stored bytes");
        }
        assert_eq!(
            outcomes(&servers),
            codes(logged),
            "{fault}: log {:?}",
            servers.sink_log()
        );
        assert_eq!(
            servers.deliveries(&format!("{fault}@giglio.test")),
            stored,
            "{fault}"
        );
    }
}

#[test]
fn gone_after_k_accepts_k_messages_then_refuses_connections() {
    let servers = MailServers::start(MailOpts::plain().with_fault(Fault::GoneAfter(2)));
    for i in 1..=2 {
        let got = transaction(servers.smtp_port, &message(&format!("gone{i}@giglio.test")));
        assert_eq!(
            got[..6],
            codes(&["220", "250", "250", "250", "354", "250"]),
            "message {i}"
        );
    }
    // The sink stops listening before it answers the k-th message: no wait needed.
    assert!(
        TcpStream::connect(("127.0.0.1", servers.smtp_port)).is_err(),
        "the SMTP sink is still listening"
    );
    assert_eq!(servers.received().len(), 2);
}

#[test]
fn flaky_n_rejects_the_first_n_attempts_then_accepts() {
    let servers = MailServers::start(MailOpts::plain().with_fault(Fault::Flaky(2)));
    let raw = message("flaky@giglio.test");
    let mut finals = Vec::new();
    for _ in 0..3 {
        finals.push(transaction(servers.smtp_port, &raw)[5].clone());
    }
    assert_eq!(finals, codes(&["451", "451", "250"]));
    assert_eq!(servers.received(), vec![raw]);
    assert_eq!(servers.deliveries("<flaky@giglio.test>"), 1);
    assert_eq!(
        outcomes(&servers),
        codes(&[
            "outcome=rejected-451",
            "outcome=rejected-451",
            "outcome=stored"
        ])
    );
}

/// LOGIN, SELECT INBOX, FETCH 1:* BODY.PEEK[] over a raw socket; returns the bodies.
fn imap_fetch_all(port: u16, user: &str) -> Vec<Vec<u8>> {
    let stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut stream = stream;
    let mut bodies = Vec::new();
    // Sends one command; returns its untagged lines, collecting `{n}` literals into `bodies`.
    let mut run = |tag: &str, command: &str| {
        if !command.is_empty() {
            write!(stream, "{tag} {command}\r\n").unwrap();
        }
        let mut untagged = Vec::new();
        loop {
            let mut l = String::new();
            reader.read_line(&mut l).unwrap();
            assert!(
                !l.is_empty(),
                "Dovecot closed the connection during {command}"
            );
            if command.is_empty() {
                return vec![l]; // the greeting
            }
            if let Some(status) = l.strip_prefix(&format!("{tag} ")) {
                assert!(status.starts_with("OK"), "{command}: {l}");
                return untagged;
            }
            // `* 1 FETCH (BODY[] {123}` is followed by 123 bytes, then `)`.
            if let Some((_, len)) = l.strip_suffix("}\r\n").and_then(|s| s.rsplit_once('{')) {
                let mut body = vec![0; len.parse().unwrap()];
                reader.read_exact(&mut body).unwrap();
                bodies.push(body);
            }
            untagged.push(l);
        }
    };
    assert!(run("", "")[0].starts_with("* OK"));
    run("a1", &format!("LOGIN {user} {IMAP_PASSWORD}"));
    let select = run("a2", "SELECT INBOX");
    if !select.iter().any(|l| l == "* 0 EXISTS\r\n") {
        run("a3", "FETCH 1:* BODY.PEEK[]");
    }
    run("a4", "LOGOUT");
    bodies
}

#[test]
fn a_message_delivered_to_imap_can_be_fetched_back() {
    let started = Instant::now();
    let servers = MailServers::start(MailOpts::plain());
    eprintln!("MailServers::start (plain) took {:?}", started.elapsed());
    let raw = message("orders-firenze@giglio.test");
    servers.deliver_to_imap("club", &raw);
    servers.deliver_to_imap("club", b"Subject: second\r\n\r\nbody\r\n");
    let bodies = imap_fetch_all(servers.imap_port, "club");
    assert_eq!(
        bodies,
        vec![raw, b"Subject: second\r\n\r\nbody\r\n".to_vec()]
    );
    assert!(imap_fetch_all(servers.imap_port, "another").is_empty());
    assert!(
        servers.received().is_empty(),
        "IMAP delivery does not go through SMTP"
    );
}

#[test]
fn chromium_renders_a_page_to_png_and_dom() {
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("page.html");
    std::fs::write(
        &page,
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>Giglio</title></head>\
         <body><h1>Il Giglio — Turn 3</h1>\
         <script>document.body.insertAdjacentHTML('beforeend', '<p id=\"js\">scripted</p>')\
         </script></body></html>",
    )
    .unwrap();
    let started = Instant::now();
    let (png, dom) = screenshot_and_dom(&page);
    eprintln!("screenshot_and_dom took {:?}", started.elapsed());
    assert!(dom.contains("<h1>Il Giglio — Turn 3</h1>"), "{dom}");
    assert!(
        dom.contains("<p id=\"js\">scripted</p>"),
        "scripts ran: {dom}"
    );
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    assert!(png.len() > 5_000, "PNG of {} bytes", png.len());
}
