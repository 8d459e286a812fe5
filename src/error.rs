//! The shell's error type, and the exit code each kind of error gives.
//!
//! Rules never fail this way: an illegal order is an outcome, not an error. These are
//! the failures of the I/O shell: a bad argument, a broken file, a busy campaign.
//!
//! The model is jj's `CommandError`: a [`ErrorKind`] that decides the exit code, a
//! message that says what failed in the referee's terms, the error underneath it (an
//! SQLite or I/O error, reachable through [`std::error::Error::source`]) and hints that
//! say what to do about it. The CLI prints the three in that order (`cli::ui`):
//!
//! ```text
//! error: cannot read orders/V.toml
//! Caused by: No such file or directory (os error 2)
//! Hint: …
//! ```
//!
//! `Display` is the message alone, as the standard library asks of an error that has a
//! source; `{:#}` adds the chain on one line (`message: cause: cause`), for the places
//! that keep an error as one line of text (a warning, a message's failure).

use crate::diag::Diagnostic;
use std::fmt;
use std::path::Path;
use std::process::ExitCode;

/// Exit codes, documented in the CLI reference of the referee's manual (`docs/referee.md`).
/// Success (0) and a wrong command line (2, clap's own code) need no constant here.
pub(crate) mod exit {
    /// The command cannot do what was asked (nothing to undo, unknown club…).
    pub(crate) const USER: u8 = 1;
    /// A file the user gave is invalid: a broken campaign, an invalid order file.
    pub(crate) const INVALID: u8 = 65;
    /// Internal error: a bug, or a corrupted campaign file.
    pub(crate) const INTERNAL: u8 = 70;
    /// Reading or writing a file or the database failed.
    pub(crate) const IO: u8 = 74;
    /// Another giglio process is writing this campaign; try again when it finishes.
    pub(crate) const BUSY: u8 = 75;
}

/// What kind of failure an [`Error`] is: it decides the exit code.
#[derive(Debug)]
pub enum ErrorKind {
    /// The request cannot be carried out; the message says why.
    User,
    /// A file is invalid; `rendered` shows every located problem.
    Invalid {
        diagnostics: Vec<Diagnostic>,
        rendered: String,
    },
    /// Another process holds the campaign.
    Busy,
    /// The file system, the database or the network failed.
    Io,
    /// A bug or corrupted state.
    Internal,
}

/// The error underneath an [`Error`].
pub(crate) type Source = Box<dyn std::error::Error + Send + Sync>;

/// What went wrong in the shell.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
    message: String,
    source: Option<Source>,
    /// Boxed, as the label beside it: an error is returned everywhere, and clippy keeps
    /// it small.
    hints: Box<[String]>,
    /// The word that leads the message where it is printed ("error" unless a club's
    /// language gives another: `orders check` speaks the club's language to the end).
    label: Option<Box<str>>,
}

/// The hint of every busy campaign: the lock is never held for long, so waiting works.
const BUSY_HINT: &str =
    "another giglio process is writing this campaign; try again when it has finished";

impl Error {
    fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            source: None,
            hints: Box::default(),
            label: None,
        }
    }

    /// The request cannot be carried out; the message says why and what to do.
    pub(crate) fn user(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::User, message)
    }

    /// A file is invalid: `summary` counts the problems, `rendered` shows each.
    pub(crate) fn invalid(
        summary: impl Into<String>,
        diagnostics: Vec<Diagnostic>,
        rendered: impl Into<String>,
    ) -> Self {
        let rendered = rendered.into();
        Error::new(
            ErrorKind::Invalid {
                diagnostics,
                rendered,
            },
            summary,
        )
    }

    /// Another process is writing the campaign; the hint says to wait.
    pub(crate) fn busy(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Busy, message).with_hint(BUSY_HINT)
    }

    /// The file system, the database or the network failed.
    pub(crate) fn io(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Io, message)
    }

    /// An I/O error on `path`: the message names the path, the cause says what failed.
    pub(crate) fn io_at(path: &Path, e: std::io::Error) -> Self {
        Error::io(path.display().to_string()).with_source(e)
    }

    /// Reading `path` failed.
    pub(crate) fn read_at(path: &Path, e: std::io::Error) -> Self {
        Error::io(format!("cannot read {}", path.display())).with_source(e)
    }

    /// Writing `path` failed.
    pub(crate) fn write_at(path: &Path, e: std::io::Error) -> Self {
        Error::io(format!("cannot write {}", path.display())).with_source(e)
    }

    /// A bug or corrupted state.
    pub(crate) fn internal(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Internal, message)
    }

    /// Adds a hint, printed after the message and its causes.
    pub(crate) fn with_hint(mut self, hint: impl Into<String>) -> Self {
        let mut hints = std::mem::take(&mut self.hints).into_vec();
        hints.push(hint.into());
        self.hints = hints.into_boxed_slice();
        self
    }

    /// Sets the error underneath this one.
    pub(crate) fn with_source(mut self, source: impl Into<Source>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// What kind of failure this is.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// What to do about it, in the order they were added.
    pub(crate) fn hints(&self) -> &[String] {
        &self.hints
    }

    /// Leads the printed message with `label` instead of "error" (a club's language).
    pub(crate) fn labelled(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into().into_boxed_str());
        self
    }

    /// The word that leads the printed message, if not "error".
    pub(crate) fn label(&self) -> Option<&str> {
        self.label.as_deref()
    }

    /// The causes, outermost first: the source, its source, and so on.
    pub(crate) fn causes(&self) -> impl Iterator<Item = &(dyn std::error::Error + 'static)> {
        let first = self
            .source
            .as_deref()
            .map(|s| s as &(dyn std::error::Error + 'static));
        std::iter::successors(first, |e| e.source())
    }

    /// Returns the process exit code for this error, as a number.
    pub(crate) fn code(&self) -> u8 {
        match self.kind {
            ErrorKind::User => exit::USER,
            ErrorKind::Invalid { .. } => exit::INVALID,
            ErrorKind::Busy => exit::BUSY,
            ErrorKind::Io => exit::IO,
            ErrorKind::Internal => exit::INTERNAL,
        }
    }

    /// Returns the process exit code for this error.
    pub(crate) fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.code())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let ErrorKind::Internal = self.kind {
            write!(f, "internal error: ")?;
        }
        write!(f, "{}", self.message)?;
        if f.alternate() {
            for cause in self.causes() {
                write!(f, ": {cause}")?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.causes().next()
    }
}

/// An I/O error with no path to name; where there is a path, use [`Error::io_at`],
/// [`Error::read_at`] or [`Error::write_at`] instead.
impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::io("input/output failed").with_source(e)
    }
}

/// A failure of the campaign database. Busy or locked is [`ErrorKind::Busy`] (its
/// busy timeout ran out while another process wrote), anything else is I/O.
impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Self {
        if let rusqlite::Error::SqliteFailure(f, _) = &e
            && matches!(
                f.code,
                rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked
            )
        {
            return Error::busy("the campaign database is busy").with_source(e);
        }
        Error::io("the campaign database failed").with_source(e)
    }
}

/// Shorthand for results in the shell.
pub(crate) type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::io;

    /// An error with a cause of its own, to see a chain two deep.
    #[derive(Debug)]
    struct Wrapped(io::Error);

    impl fmt::Display for Wrapped {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "the outbox file is broken")
        }
    }

    impl std::error::Error for Wrapped {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn each_kind_keeps_its_documented_exit_code() {
        let codes = [
            (Error::user("x"), 1),
            (Error::invalid("x", Vec::new(), ""), 65),
            (Error::internal("x"), 70),
            (Error::io("x"), 74),
            (Error::busy("x"), 75),
        ];
        for (e, code) in codes {
            assert_eq!(e.code(), code, "{e:?}");
            assert_eq!(e.exit_code(), ExitCode::from(code), "{e:?}");
        }
    }

    #[test]
    fn display_is_the_message_and_the_alternate_form_adds_the_chain() {
        let e = Error::read_at(
            Path::new("orders/V.toml"),
            io::Error::new(io::ErrorKind::NotFound, "no such file"),
        );
        assert_eq!(e.to_string(), "cannot read orders/V.toml");
        assert_eq!(format!("{e:#}"), "cannot read orders/V.toml: no such file");
        assert_eq!(
            Error::internal("stored seed").to_string(),
            "internal error: stored seed"
        );
        assert_eq!(Error::internal("stored seed").message, "stored seed");
    }

    #[test]
    fn the_chain_walks_every_source_outermost_first() {
        let inner = io::Error::new(io::ErrorKind::PermissionDenied, "permission denied");
        let e = Error::io("sending the outbox").with_source(Wrapped(inner));
        let chain: Vec<String> = e.causes().map(|c| c.to_string()).collect();
        assert_eq!(chain, ["the outbox file is broken", "permission denied"]);
        let source = std::error::Error::source(&e).expect("a source");
        assert_eq!(source.to_string(), "the outbox file is broken");
        assert_eq!(
            format!("{e:#}"),
            "sending the outbox: the outbox file is broken: permission denied"
        );
        assert_eq!(Error::user("x").causes().count(), 0);
    }

    #[test]
    fn hints_come_in_the_order_they_were_added_and_busy_has_one() {
        let e = Error::user("no club plays `Q`")
            .with_hint("list the clubs with `giglio club list`")
            .with_hint("or add one with `giglio club add`");
        assert_eq!(
            e.hints(),
            [
                "list the clubs with `giglio club list`",
                "or add one with `giglio club add`"
            ]
        );
        assert_eq!(Error::busy("campaign d is busy").hints(), [BUSY_HINT]);
        assert!(Error::io("x").hints().is_empty());
    }

    #[test]
    fn an_io_error_at_a_path_names_the_path_and_keeps_the_cause() {
        let cause = || io::Error::new(io::ErrorKind::NotFound, "gone");
        let at = Error::io_at(Path::new("d/templates"), cause());
        assert_eq!(format!("{at:#}"), "d/templates: gone");
        let write = Error::write_at(Path::new("d/map.svg"), cause());
        assert_eq!(write.to_string(), "cannot write d/map.svg");
        assert_eq!(write.code(), exit::IO);
        let bare = Error::from(cause());
        assert_eq!(bare.code(), exit::IO);
        assert_eq!(format!("{bare:#}"), "input/output failed: gone");
    }

    #[test]
    fn a_busy_database_is_busy_and_any_other_failure_is_io() {
        let conn = rusqlite::Connection::open_in_memory().expect("memory database");
        let missing = conn
            .execute("SELECT * FROM no_such_table", [])
            .expect_err("no table");
        let e = Error::from(missing);
        assert_eq!(e.code(), exit::IO);
        assert_eq!(e.message, "the campaign database failed");
        assert!(format!("{e:#}").contains("no_such_table"), "{e:#}");

        let busy = rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
            None,
        );
        let e = Error::from(busy);
        assert_eq!(e.code(), exit::BUSY);
        assert_eq!(e.hints(), [BUSY_HINT]);
    }

    #[test]
    fn only_an_invalid_file_has_diagnostics() {
        let d = Diagnostic {
            path: "V.toml".into(),
            line: 3,
            col: 5,
            span: None,
            rule: "G2b.6".into(),
            message: "too far".into(),
            label: None,
        };
        let e = Error::invalid("V.toml: 1 problem", vec![d.clone()], "rendered");
        assert!(
            matches!(e.kind(), ErrorKind::Invalid { diagnostics, .. } if diagnostics == &[d]),
            "{:?}",
            e.kind()
        );
        assert!(matches!(Error::user("x").kind(), ErrorKind::User));
    }
}
