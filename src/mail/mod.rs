//! The mail transport: composing rendered text into RFC 5322 messages, delivering the
//! outbox (SMTP, or `.eml` files in a folder), reading raw messages (Maildir, mbox,
//! `.eml`, IMAP) and `giglio.toml`'s settings for all of it. It knows no game: what it
//! needs of a message (the club's addresses and language, ids) comes as plain values.

pub mod compose;
pub mod config;
pub mod deliver;
pub(crate) mod imap;
pub(crate) mod maildir;
pub mod mbox;
pub mod message;
pub mod smtp;
