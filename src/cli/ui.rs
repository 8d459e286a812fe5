//! Writing to the terminal: data to stdout, errors and progress to stderr.
//!
//! A closed pipe (`giglio log | head`) is not an error: output simply stops.
//!
//! Colour: diagnostics, `status` and `victory` paint a few words (errors red, warnings
//! yellow, what is met green) through anstream, which drops the colour when the stream
//! is not a terminal or `NO_COLOR` is set, and keeps it when `CLICOLOR_FORCE` is set.
//! Data (`--json`, reports, files) never carries colour: it goes through [`out`].

use crate::error::{Error, ErrorKind};
use std::io::Write;

/// `1 message`, `3 messages`: a count with its noun in the right number (the referee's
/// terminal speaks English; the clubs' words come from the catalogue).
pub(crate) fn count(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Writes data to stdout; a broken pipe ends the output quietly.
pub(crate) fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// Writes text that may carry [`paint`]ed words to stdout: coloured on a terminal,
/// plain when piped or under `NO_COLOR`.
pub(crate) fn out_painted(text: &str) {
    let mut stdout = anstream::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// What a painted word says, hence its colour.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Paint {
    /// Something wrong that stops the command, or a club late.
    Error,
    /// Something the referee should look at.
    Warning,
    /// An objective met, a check passed.
    Good,
    /// A label or a heading.
    Strong,
    /// Something that matters less: an objective not (yet) met.
    Faint,
}

/// Wraps `text` in the escape codes of its colour; [`out_painted`] and the error
/// stream drop them where colour does not belong.
pub(crate) fn paint(p: Paint, text: &str) -> String {
    use anstyle::AnsiColor;
    let style = match p {
        Paint::Error => AnsiColor::Red.on_default().bold(),
        Paint::Warning => AnsiColor::Yellow.on_default().bold(),
        Paint::Good => AnsiColor::Green.on_default().bold(),
        Paint::Strong => anstyle::Style::new().bold(),
        Paint::Faint => anstyle::Style::new().dimmed(),
    };
    format!("{style}{text}{style:#}")
}

/// Paints a diagnostic rendered as plain text (rustc-style, by annotate-snippets): the
/// level word, the carets and the location arrow. The plain rendering is what goes
/// back by mail; only the terminal copy is painted.
fn paint_diagnostic(rendered: &str) -> String {
    let mut out = String::with_capacity(rendered.len());
    for line in rendered.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let painted = if let Some(rest) = line.strip_prefix("error") {
            format!("{}{rest}", paint(Paint::Error, "error"))
        } else if let Some(rest) = line.strip_prefix("warning") {
            format!("{}{rest}", paint(Paint::Warning, "warning"))
        } else if trimmed.starts_with('|') && line.contains('^') {
            let at = line.find('^').unwrap_or(line.len());
            let body = line[at..].trim_end_matches('\n');
            let nl = if line.ends_with('\n') { "\n" } else { "" };
            format!("{}{}{nl}", &line[..at], paint(Paint::Error, body))
        } else if let Some(at) = line.find(": error[") {
            format!(
                "{}: {}{}",
                &line[..at],
                paint(Paint::Error, "error"),
                &line[at + ": error".len()..]
            )
        } else {
            line.to_owned()
        };
        out.push_str(&painted);
    }
    out
}

/// Writes a value as pretty JSON to stdout.
pub(crate) fn out_json(value: &impl serde::Serialize) -> crate::error::Result<()> {
    let mut text =
        serde_json::to_string_pretty(value).map_err(|e| Error::internal(e.to_string()))?;
    text.push('\n');
    out(&text);
    Ok(())
}

/// Prints a warning on stderr (data on stdout stays clean for pipes and JSON).
pub(crate) fn warn(text: &str) {
    let mut stderr = anstream::stderr().lock();
    let _ = writeln!(stderr, "{}: {text}", paint(Paint::Warning, "warning"));
}

/// Prints an error the way the user should see it.
pub(crate) fn report_error(e: &Error) {
    let mut stderr = anstream::stderr().lock();
    let _ = write!(stderr, "{}", render_error(e));
}

/// An error as the referee reads it, on jj's model: the located problems of an invalid
/// file, then the message, what caused it (one cause on the same line, several
/// numbered, outermost first), then each hint.
fn render_error(e: &Error) -> String {
    let mut out = String::new();
    let error = paint(Paint::Error, e.label().unwrap_or("error"));
    match e.kind() {
        ErrorKind::Invalid { rendered, .. } => {
            out.push_str(&paint_diagnostic(rendered));
            out.push_str(&format!("{error}: {e}\n"));
        }
        ErrorKind::Busy => {
            out.push_str(&format!("{}: {e}\n", paint(Paint::Warning, "busy")));
        }
        _ => out.push_str(&format!("{error}: {e}\n")),
    }
    let caused_by = paint(Paint::Strong, "Caused by:");
    let causes: Vec<String> = e.causes().map(|c| c.to_string()).collect();
    match causes.as_slice() {
        [] => {}
        [one] => out.push_str(&format!("{caused_by} {one}\n")),
        several => {
            out.push_str(&format!("{caused_by}\n"));
            for (i, c) in several.iter().enumerate() {
                out.push_str(&format!("{}: {c}\n", i + 1));
            }
        }
    }
    for hint in e.hints() {
        out.push_str(&format!("{} {hint}\n", paint(Paint::Strong, "Hint:")));
    }
    out
}

/// A progress bar on stderr; it hides itself when stderr is not a terminal.
pub(crate) fn progress(what: &str, total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_owned());
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text with its colour dropped, as a pipe or `NO_COLOR` sees it.
    fn plain(painted: &str) -> String {
        let mut stripped = Vec::new();
        let mut s = anstream::StripStream::new(&mut stripped);
        s.write_all(painted.as_bytes()).expect("strip");
        String::from_utf8(stripped).expect("UTF-8")
    }

    #[test]
    fn an_error_prints_its_message_then_its_causes_then_its_hints() {
        let e = Error::read_at(
            std::path::Path::new("orders/V.toml"),
            std::io::Error::new(std::io::ErrorKind::NotFound, "no such file"),
        )
        .with_hint("the clubs' files are in orders/");
        assert_eq!(
            plain(&render_error(&e)),
            "error: cannot read orders/V.toml\nCaused by: no such file\nHint: the clubs' files are in orders/\n"
        );
        assert_eq!(
            plain(&render_error(&Error::user("nothing to undo"))),
            "error: nothing to undo\n"
        );
    }

    #[test]
    fn several_causes_are_numbered_outermost_first() {
        let e = Error::io("sending the outbox").with_source(Error::io("the relay").with_source(
            std::io::Error::new(std::io::ErrorKind::ConnectionRefused, "refused"),
        ));
        assert_eq!(
            plain(&render_error(&e)),
            "error: sending the outbox\nCaused by:\n1: the relay\n2: refused\n"
        );
    }

    #[test]
    fn busy_and_invalid_keep_their_own_first_lines() {
        let busy = plain(&render_error(&Error::busy("campaign d is busy")));
        assert!(
            busy.starts_with("busy: campaign d is busy\nHint: "),
            "{busy}"
        );
        let invalid = Error::invalid("V.toml: 1 problem", Vec::new(), "V.toml:1:1: error[x]: y\n");
        assert_eq!(
            plain(&render_error(&invalid)),
            "V.toml:1:1: error[x]: y\nerror: V.toml: 1 problem\n"
        );
        let internal = plain(&render_error(&Error::internal("stored seed")));
        assert_eq!(internal, "error: internal error: stored seed\n");
    }

    #[test]
    fn a_painted_diagnostic_reads_the_same_without_its_colour() {
        let plain = "error[G2b.6]: too far\n --> F.toml:3:5\n  |\n3 | a = 1\n  |     ^ here\nF.toml:1:1: error[x]: y\n";
        let painted = paint_diagnostic(plain);
        assert_ne!(painted, plain);
        let mut stripped = Vec::new();
        let mut s = anstream::StripStream::new(&mut stripped);
        s.write_all(painted.as_bytes()).expect("strip");
        assert_eq!(String::from_utf8(stripped).expect("UTF-8"), plain);
    }
}
