//! Reading an mbox file one message at a time, in bounded memory: a message longer than
//! the intake's cap is kept only up to `cap + 1` bytes (enough to know it is too large),
//! and so is a line, however long, so a hostile file cannot make giglio hold it whole.
//!
//! The format is mboxrd, as Python's `mailbox`, mutt and Thunderbird write it: a message
//! starts at a line beginning `From `, and a body line written `>From ` (any number of
//! `>`) loses one `>`.

use std::io::{self, BufRead};

/// The messages of an mbox, each at most `cap + 1` bytes.
pub struct Messages<R> {
    reader: R,
    cap: usize,
    /// Whether the `From ` line of the next message has been read already.
    in_message: bool,
    done: bool,
}

impl<R: BufRead> Messages<R> {
    /// Reads `reader` from its start; whatever comes before the first `From ` line is
    /// not a message and is skipped.
    pub fn new(reader: R, cap: usize) -> Self {
        Messages {
            reader,
            cap,
            in_message: false,
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for Messages<R> {
    type Item = io::Result<Vec<u8>>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let limit = self.cap.saturating_add(1);
        let mut message = Vec::new();
        let mut line = Vec::new();
        loop {
            line.clear();
            match read_line_capped(&mut self.reader, &mut line, limit) {
                Ok(0) => {
                    self.done = true;
                    return self.in_message.then_some(Ok(message));
                }
                Ok(_) => {}
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
            if line.starts_with(b"From ") {
                if self.in_message {
                    return Some(Ok(message));
                }
                self.in_message = true;
                continue;
            }
            if !self.in_message || message.len() >= limit {
                continue;
            }
            let quoted = line.iter().position(|&b| b != b'>').unwrap_or(line.len());
            let unquoted = if quoted > 0 && line[quoted..].starts_with(b"From ") {
                &line[1..]
            } else {
                &line[..]
            };
            let room = limit - message.len();
            message.extend_from_slice(&unquoted[..unquoted.len().min(room)]);
        }
    }
}

/// Writes one message in mboxrd form: a `From ` line, the message with every line that
/// reads `From ` after any number of `>` given one more `>`, and the blank line that
/// ends it. [`Messages`] reads it back as the same bytes followed by that line's `\n`.
pub(crate) fn write_message(
    out: &mut impl io::Write,
    raw: &[u8],
    sender: &str,
    date: &str,
) -> io::Result<()> {
    writeln!(out, "From {sender} {date}")?;
    for line in raw.split_inclusive(|&b| b == b'\n') {
        let quoted = line.iter().position(|&b| b != b'>').unwrap_or(line.len());
        if line[quoted..].starts_with(b"From ") {
            out.write_all(b">")?;
        }
        out.write_all(line)?;
    }
    if !raw.ends_with(b"\n") {
        out.write_all(b"\n")?;
    }
    out.write_all(b"\n")
}

/// Reads one line (up to and including `\n`, or to the end of the input) and keeps at
/// most `max` bytes of it in `buf`; the rest of the line is read and dropped. Returns
/// the bytes read, 0 at the end of the input.
fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>, max: usize) -> io::Result<usize> {
    let mut total = 0;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(total);
        }
        let (chunk, ends_line) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..=i], true),
            None => (available, false),
        };
        let keep = chunk.len().min(max.saturating_sub(buf.len()));
        buf.extend_from_slice(&chunk[..keep]);
        let used = chunk.len();
        reader.consume(used);
        total += used;
        if ends_line {
            return Ok(total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_message_reads_back_as_it_was() {
        let raw = b"Subject: x\r\n\r\nFrom here on\r\n>From there\r\nend\r\n".to_vec();
        let mut file = Vec::new();
        write_message(&mut file, &raw, "giglio", "Thu Jan  1 00:00:00 2026").unwrap();
        write_message(
            &mut file,
            b"second\r\n",
            "giglio",
            "Thu Jan  1 00:00:00 2026",
        )
        .unwrap();
        let read: Vec<Vec<u8>> = Messages::new(&file[..], 1 << 20)
            .map(|m| m.unwrap())
            .collect();
        assert_eq!(read.len(), 2);
        assert_eq!(read[0], [raw.as_slice(), b"\n"].concat());
        assert_eq!(read[1], b"second\r\n\n");
    }

    fn read(mbox: &[u8], cap: usize) -> Vec<Vec<u8>> {
        Messages::new(mbox, cap)
            .collect::<io::Result<Vec<_>>>()
            .expect("reads")
    }

    #[test]
    fn messages_are_split_at_from_lines_and_unquoted_as_mboxrd() {
        let mbox = b"From a@b Sat Jan  1 00:00:00 2026\nSubject: 1\n\n>From here\n>>From there\n> From no\n\nFrom c@d Sat Jan  1 00:00:01 2026\nSubject: 2\n\nbody";
        assert_eq!(
            read(mbox, 1000),
            [
                b"Subject: 1\n\nFrom here\n>From there\n> From no\n\n".to_vec(),
                b"Subject: 2\n\nbody".to_vec()
            ]
        );
        assert!(read(b"", 1000).is_empty());
        assert!(read(b"no From line at all\n", 1000).is_empty());
    }

    #[test]
    fn a_message_over_the_cap_is_cut_at_cap_plus_one_and_the_next_one_is_whole() {
        // 5 MB in one line with no line break, then a small message.
        let mut mbox = b"From a@b x\nSubject: big\n\n".to_vec();
        mbox.extend(std::iter::repeat_n(b'x', 5 << 20));
        mbox.extend_from_slice(b"\nFrom c@d y\nSubject: small\n\nok\n");
        let got = read(&mbox, 1000);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].len(), 1001, "known to be too large, not held whole");
        assert_eq!(got[1], b"Subject: small\n\nok\n");
    }

    #[test]
    fn it_reads_what_the_mail_parser_crate_reads() {
        let mbox = b"From a@b Sat Jan  1 00:00:00 2026\r\nFrom: a@b\r\n\r\n>From x\r\nline\r\nFrom c@d Sat Jan  1 00:00:00 2026\r\nFrom: c@d\r\n\r\nlast";
        let theirs: Vec<Vec<u8>> = mail_parser::mailbox::mbox::MessageIterator::new(&mbox[..])
            .map(|m| m.expect("reads").contents().to_vec())
            .collect();
        assert_eq!(read(mbox, 1 << 20), theirs);
    }
}
