//! The one clock: every command and the unattended referee read the time here.
//!
//! `GIGLIO_NOW` pins it for a command (tests and reproductions get the same journal);
//! `GIGLIO_CLOCK_FILE` names a file holding the time, read again at every call, so a
//! test can move the clock of a `giglio run` that keeps running. Otherwise the system's
//! clock, in UTC.

use chrono::{DateTime, SecondsFormat, Utc};

/// The environment variable that pins the clock for one command.
pub(crate) const NOW_VAR: &str = "GIGLIO_NOW";
/// The environment variable naming a file whose text is the time (RFC 3339).
pub(crate) const FILE_VAR: &str = "GIGLIO_CLOCK_FILE";

/// Returns the time to record, as RFC 3339 UTC (seconds).
///
/// A clock file that cannot be read or does not hold a time is passed over like an
/// unreadable `GIGLIO_NOW` is: the next source speaks.
pub(crate) fn now() -> String {
    from_file()
        .or_else(|| std::env::var(NOW_VAR).ok().and_then(|s| parse(&s)))
        .unwrap_or_else(Utc::now)
        .to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn from_file() -> Option<DateTime<Utc>> {
    let path = std::env::var_os(FILE_VAR)?;
    parse(&std::fs::read_to_string(path).ok()?)
}

fn parse(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s.trim())
        .ok()
        .map(|t| t.with_timezone(&Utc))
}
