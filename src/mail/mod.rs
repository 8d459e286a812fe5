//! Play by e-mail: composing reports into messages, delivering the outbox, and reading
//! clubs' orders from mailboxes. The I/O shell around `report` and `submission`.

pub mod battle_intake;
pub mod battles;
pub mod compose;
pub mod config;
pub mod deadline;
pub mod deliver;
pub mod encounter_intake;
pub mod encounters;
pub mod imap;
pub mod intake;
pub mod letter;
pub mod mbox;
pub mod notice;
pub mod outbox;
pub mod replies;
pub mod welcome;
pub mod yearly;
