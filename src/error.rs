//! The shell's error type, and the exit code each kind of error gives.
//!
//! Rules never fail this way: an illegal order is an outcome, not an error. These are
//! the failures of the I/O shell: a bad argument, a broken file, a busy campaign.

use crate::diag::Diagnostic;
use std::process::ExitCode;

/// Exit codes, documented in the CLI reference of the referee's manual (`docs/referee.md`).
pub mod exit {
    /// Success.
    pub const OK: u8 = 0;
    /// The command cannot do what was asked (nothing to undo, unknown club…).
    pub const USER: u8 = 1;
    /// The command line itself is wrong (clap's own code).
    pub const USAGE: u8 = 2;
    /// A file the user gave is invalid: a broken campaign, an invalid order file.
    pub const INVALID: u8 = 65;
    /// Internal error: a bug, or a corrupted campaign file.
    pub const INTERNAL: u8 = 70;
    /// Reading or writing a file or the database failed.
    pub const IO: u8 = 74;
    /// Another giglio process is writing this campaign; try again when it finishes.
    pub const BUSY: u8 = 75;
}

/// What went wrong in the shell.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The request cannot be carried out; the message says why and what to do.
    #[error("{0}")]
    User(String),
    /// A file is invalid; `rendered` shows every located problem.
    #[error("{summary}")]
    Invalid {
        summary: String,
        diagnostics: Vec<Diagnostic>,
        rendered: String,
    },
    /// Another process holds the campaign.
    #[error("{0}")]
    Busy(String),
    /// The file system or the database failed.
    #[error("{0}")]
    Io(String),
    /// A bug or corrupted state.
    #[error("internal error: {0}")]
    Internal(String),
}

impl Error {
    /// Returns the process exit code for this error.
    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(match self {
            Error::User(_) => exit::USER,
            Error::Invalid { .. } => exit::INVALID,
            Error::Busy(_) => exit::BUSY,
            Error::Io(_) => exit::IO,
            Error::Internal(_) => exit::INTERNAL,
        })
    }

    /// Builds a user error.
    pub fn user(message: impl Into<String>) -> Self {
        Error::User(message.into())
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        Error::Io(e.to_string())
    }
}

/// Shorthand for results in the shell.
pub type Result<T, E = Error> = std::result::Result<T, E>;
