//! Writing to the terminal: data to stdout, errors and progress to stderr.
//!
//! A closed pipe (`giglio log | head`) is not an error: output simply stops.

use crate::error::Error;
use std::io::Write;

/// Writes data to stdout; a broken pipe ends the output quietly.
pub fn out(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush());
}

/// Writes a value as pretty JSON to stdout.
pub fn out_json(value: &impl serde::Serialize) -> crate::error::Result<()> {
    let mut text =
        serde_json::to_string_pretty(value).map_err(|e| Error::Internal(e.to_string()))?;
    text.push('\n');
    out(&text);
    Ok(())
}

/// Prints a warning on stderr (data on stdout stays clean for pipes and JSON).
pub fn warn(text: &str) {
    let mut stderr = std::io::stderr().lock();
    let _ = writeln!(stderr, "warning: {text}");
}

/// Prints an error the way the user should see it.
pub fn report_error(e: &Error) {
    let mut stderr = std::io::stderr().lock();
    match e {
        Error::Invalid {
            summary, rendered, ..
        } => {
            let _ = write!(stderr, "{rendered}");
            let _ = writeln!(stderr, "error: {summary}");
        }
        Error::Busy(m) => {
            let _ = writeln!(stderr, "busy: {m}");
        }
        other => {
            let _ = writeln!(stderr, "error: {other}");
        }
    }
}

/// A progress bar on stderr; it hides itself when stderr is not a terminal.
pub fn progress(what: &str, total: u64) -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(total);
    if let Ok(style) =
        indicatif::ProgressStyle::with_template("{msg} [{bar:30}] {pos}/{len} {elapsed}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar.set_message(what.to_owned());
    bar
}
