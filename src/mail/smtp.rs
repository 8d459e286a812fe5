//! giglio's side of an SMTP session: lettre opens the connection (TLS, STARTTLS, the
//! login), giglio writes each message's transaction itself, so that a message costs one
//! round trip for its envelope where the server offers PIPELINING (RFC 2920) and one for
//! its body, and the body goes out with its final `.` in **one write**.
//!
//! lettre 0.11 writes the body and the `CRLF.CRLF` that ends it as two writes and gives
//! no way to set `TCP_NODELAY`: with Nagle's algorithm on the client and delayed ACK on
//! the server, the five bytes of the end wait for the ACK of the body, about 40 ms a
//! message, and a client killed during that stall has often already handed the server
//! the whole message, to be sent again by the next run (issue 32 point 4). Here the
//! dot-stuffed body and its end are one buffer written at once, as Python's `smtplib`
//! does, so no small write waits for an ACK.
//!
//! One connection serves a whole `mail send`; a connection that broke, or a transaction
//! that failed, is dropped and the next message opens a new one (no RSET dance: the
//! server forgets an unfinished transaction with the connection).

use lettre::address::Envelope;
use lettre::transport::smtp::Error;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{SmtpConnection, TlsParameters};
use lettre::transport::smtp::commands::{Data, Ehlo, Mail, Quit, Rcpt};
use lettre::transport::smtp::extension::{ClientId, Extension, MailBodyParameter, MailParameter};
use std::fmt;
use std::time::Duration;

/// How the connection is encrypted.
#[derive(Clone)]
pub(crate) enum Encryption {
    /// TLS from the first byte (port 465).
    Wrapper(TlsParameters),
    /// STARTTLS, required.
    Required(TlsParameters),
    /// None: only for a server on this machine (checked by the caller).
    None,
}

/// What a session needs to (re)connect.
#[derive(Clone)]
pub(crate) struct Server {
    pub(crate) host: String,
    pub(crate) port: u16,
    pub(crate) timeout: Duration,
    pub(crate) encryption: Encryption,
    pub(crate) credentials: Option<Credentials>,
}

/// One SMTP session over a `mail send`, opened at the first message.
pub struct Session {
    server: Server,
    hello: ClientId,
    open: Option<Open>,
}

/// An open connection and what its server offers.
struct Open {
    conn: SmtpConnection,
    pipelining: bool,
}

/// Text written to the server as it is, in one write (lettre's `command` writes the
/// `Display` of what it is given in one `write_all`).
struct Raw<'a>(&'a str);

impl fmt::Display for Raw<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Session {
    pub(crate) fn new(server: Server) -> Session {
        Session {
            server,
            hello: ClientId::default(),
            open: None,
        }
    }

    /// Opens the connection if none is open: connect (TLS from the start, or STARTTLS),
    /// ask what the server offers, log in.
    fn open(&mut self) -> Result<&mut Open, Error> {
        if self.open.as_ref().is_some_and(|o| o.conn.has_broken()) {
            self.open = None;
        }
        if self.open.is_none() {
            let s = &self.server;
            let wrapper = match &s.encryption {
                Encryption::Wrapper(p) => Some(p),
                _ => None,
            };
            let mut conn = SmtpConnection::connect(
                (s.host.as_str(), s.port),
                Some(s.timeout),
                &self.hello,
                wrapper,
                None,
            )?;
            if let Encryption::Required(p) = &s.encryption {
                conn.starttls(p, &self.hello)?;
            }
            // lettre reads only the extensions it knows; PIPELINING is not one of them.
            // Asking again costs one round trip per connection, before the login (an
            // EHLO after it may reset the session).
            let ehlo = match conn.command(Ehlo::new(self.hello.clone())) {
                Ok(r) => r,
                Err(e) => {
                    conn.abort();
                    return Err(e);
                }
            };
            let pipelining = ehlo
                .message()
                .any(|line| line.trim().eq_ignore_ascii_case("PIPELINING"));
            if let Some(c) = &s.credentials
                && let Err(e) = conn.auth(&[Mechanism::Plain, Mechanism::Login], c)
            {
                conn.abort();
                return Err(e);
            }
            self.open = Some(Open { conn, pipelining });
        }
        Ok(self.open.as_mut().expect("opened above"))
    }

    /// Sends one message: its envelope (pipelined where the server offers it), then its
    /// dot-stuffed body and the final `.` in one write. Any failure drops the connection.
    pub(crate) fn send(&mut self, envelope: &Envelope, data: &[u8]) -> Result<(), SendError> {
        let result = self.transaction(envelope, data);
        if result.is_err()
            && let Some(mut o) = self.open.take()
        {
            o.conn.abort();
        }
        result
    }

    fn transaction(&mut self, envelope: &Envelope, data: &[u8]) -> Result<(), SendError> {
        let open = self.open()?;
        let info = open.conn.server_info();
        let mut options = Vec::new();
        let non_ascii = envelope
            .from()
            .into_iter()
            .chain(envelope.to())
            .any(|a| !AsRef::<str>::as_ref(a).is_ascii());
        if non_ascii {
            if !info.supports_feature(Extension::SmtpUtfEight) {
                return Err(SendError::Unsupported(
                    "the addresses need SMTPUTF8, which the server does not offer",
                ));
            }
            options.push(MailParameter::SmtpUtfEight);
        }
        if !data.is_ascii() {
            if !info.supports_feature(Extension::EightBitMime) {
                return Err(SendError::Unsupported(
                    "the message needs 8BITMIME, which the server does not offer",
                ));
            }
            options.push(MailParameter::Body(MailBodyParameter::EightBitMime));
        }
        let mail = Mail::new(envelope.from().cloned(), options).to_string();
        let rcpts: Vec<String> = envelope
            .to()
            .iter()
            .map(|to| Rcpt::new(to.clone(), vec![]).to_string())
            .collect();
        if open.pipelining {
            // MAIL, every RCPT and DATA in one write; then each reply in turn.
            let mut batch = mail;
            for r in &rcpts {
                batch.push_str(r);
            }
            batch.push_str(&Data.to_string());
            open.conn.command(Raw(&batch))?;
            for _ in 0..=rcpts.len() {
                open.conn.read_response()?;
            }
        } else {
            open.conn.command(Raw(&mail))?;
            for r in &rcpts {
                open.conn.command(Raw(r))?;
            }
            open.conn.command(Data)?;
        }
        let body = dot_stuffed(data);
        match std::str::from_utf8(&body) {
            Ok(text) => open.conn.command(Raw(text))?,
            // Bytes that are not UTF-8 (never composed by giglio): lettre's own writes.
            Err(_) => open.conn.message(data)?,
        };
        Ok(())
    }

    /// Ends the session politely (QUIT); errors do not matter any more.
    pub(crate) fn quit(&mut self) {
        if let Some(mut o) = self.open.take() {
            let _ = o.conn.command(Quit);
            o.conn.abort();
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        self.quit();
    }
}

/// Why a message did not go.
#[derive(Debug)]
pub(crate) enum SendError {
    /// What the server answered, or what broke on the way (lettre's words for it).
    Smtp(Error),
    /// The message cannot go to this server as it is: it needs an extension the server
    /// does not offer.
    Unsupported(&'static str),
}

impl From<Error> for SendError {
    fn from(e: Error) -> SendError {
        SendError::Smtp(e)
    }
}

/// The DATA section of a message: a `.` doubled at the start of every line (RFC 5321
/// 4.5.2), line ends as they are, then `CRLF.CRLF`. `data` does not end with CRLF (the
/// caller strips one), so the server receives exactly the stored bytes.
pub(crate) fn dot_stuffed(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() + data.len() / 64 + 5);
    let mut line_start = true;
    for &b in data {
        if line_start && b == b'.' {
            out.push(b'.');
        }
        out.push(b);
        line_start = b == b'\n';
    }
    out.extend_from_slice(b"\r\n.\r\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader, Read, Write};

    /// What a scripted server saw: the reads that brought the envelope's commands, and
    /// whether the body's last byte and its final `.` came in one read.
    #[derive(Debug, Default)]
    struct Seen {
        envelope_reads: usize,
        envelope: String,
        end_with_body: bool,
        body: Vec<u8>,
    }

    /// A server on this machine that offers PIPELINING and takes one message.
    fn scripted() -> (u16, std::thread::JoinHandle<Seen>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let port = listener.local_addr().expect("its address").port();
        let server = std::thread::spawn(move || {
            let (stream, _) = listener.accept().expect("a client");
            let mut out = stream.try_clone().expect("a second handle");
            let mut r = BufReader::new(stream);
            let mut seen = Seen::default();
            out.write_all(b"220 scripted\r\n").expect("greet");
            let ehlo = b"250-scripted\r\n250-PIPELINING\r\n250 8BITMIME\r\n";
            for _ in 0..2 {
                let mut line = String::new();
                r.read_line(&mut line).expect("EHLO");
                assert!(line.starts_with("EHLO"), "{line}");
                out.write_all(ehlo).expect("answer EHLO");
            }
            // MAIL, RCPT and DATA, before any answer: what one read brings at a time.
            while !seen.envelope.ends_with("DATA\r\n") {
                let got = r.fill_buf().expect("read").to_vec();
                assert!(!got.is_empty(), "the client hung up: {}", seen.envelope);
                r.consume(got.len());
                seen.envelope_reads += 1;
                seen.envelope.push_str(&String::from_utf8_lossy(&got));
            }
            out.write_all(b"250 sender ok\r\n250 recipient ok\r\n354 go on\r\n")
                .expect("answer the envelope");
            while !seen.body.ends_with(b"\r\n.\r\n") {
                let mut chunk = vec![0; 65536];
                let n = r.read(&mut chunk).expect("read the body");
                assert!(n > 0, "the client hung up");
                seen.end_with_body = chunk[..n].ends_with(b"\r\n.\r\n") && n > 5;
                seen.body.extend_from_slice(&chunk[..n]);
            }
            out.write_all(b"250 queued\r\n").expect("answer the body");
            let mut line = String::new();
            r.read_line(&mut line).expect("QUIT");
            assert_eq!(line, "QUIT\r\n");
            out.write_all(b"221 bye\r\n").expect("bye");
            seen
        });
        (port, server)
    }

    #[test]
    fn the_envelope_is_pipelined_and_the_body_ends_in_the_same_write() {
        let (port, server) = scripted();
        let mut session = Session::new(Server {
            host: "127.0.0.1".into(),
            port,
            timeout: Duration::from_secs(10),
            encryption: Encryption::None,
            credentials: None,
        });
        let envelope = Envelope::new(
            Some("arbitro@example.org".parse().expect("an address")),
            vec!["doge@venezia.example".parse().expect("an address")],
        )
        .expect("an envelope");
        let data = b"Subject: x\r\n\r\n.a line with a dot\r\nthe end";
        session.send(&envelope, data).expect("sent");
        session.quit();
        let seen = server.join().expect("the server");
        assert_eq!(
            seen.envelope,
            "MAIL FROM:<arbitro@example.org>\r\nRCPT TO:<doge@venezia.example>\r\nDATA\r\n"
        );
        assert_eq!(seen.envelope_reads, 1, "{seen:?}");
        assert!(seen.end_with_body, "{seen:?}");
        assert_eq!(
            seen.body,
            b"Subject: x\r\n\r\n..a line with a dot\r\nthe end\r\n.\r\n"
        );
    }

    #[test]
    fn a_dot_at_a_line_start_is_doubled_and_the_end_follows_the_body() {
        assert_eq!(dot_stuffed(b"a\r\n.b\r\n..c"), b"a\r\n..b\r\n...c\r\n.\r\n");
        assert_eq!(dot_stuffed(b".x"), b"..x\r\n.\r\n");
        assert_eq!(dot_stuffed(b""), b"\r\n.\r\n");
    }
}
