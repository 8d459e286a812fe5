//! giglio: the referee's tool for play-by-email campaigns of Il Giglio.
//!
//! A pure rules core inside an I/O shell. Dependencies point inward, and the data of a
//! phase flows one way, engine → report → mail:
//!
//! ```text
//!  cli (clap, printing) ──> service (giglio run: one pass and the loop; clock)
//!   │                        │
//!   ├──────────────────────> engine (the referee's desk: judge a club's file, resolve,
//!   │                        │      assemble what each event sends, deadlines, audit)
//!   │                        ├──> report (words and pictures: text, HTML, SVG/PNG)
//!   │                        ├──> submission ──> orders (order files)   ──┐
//!   │                        ├──> storage (SQLite)   battle (games)      │
//!   │                        └──> mail (transport: MIME, SMTP/.eml, Maildir/mbox/IMAP)
//!   └──> scenario (campaign definitions) ───────────────────────────────> rules (pure)
//!        words (the catalogue, passed in as a value; `words::Lang` a leaf all share)
//! ```
//!
//! # Module map
//!
//! Each module may import only the modules its row names (`tests/tidy.rs` holds the same
//! table and enforces it; `cli` may import everything).
//!
//! | module | owns | may import |
//! |---|---|---|
//! | [`cli`] | clap definitions, one file per subcommand, all printing, exit codes; loading a campaign and its catalogue once per command (`cli::words_of`); the JSON contract (`cli::json`) | everything; holds no game logic |
//! | [`service`] | the unattended referee (`giglio run`): one pass (read the mailbox, answer, remind, resolve or preview when due, move deadlines on after an outage, send), the loop around it with its lock, signals and log lines in the form journald reads (`service::watch`), the referee's hold on the clock (`service::hold`), the decisions of time alone (`service::schedule`) | battle, clock, engine, error, mail, rules, storage, words |
//! | [`engine`] | the referee's desk: judging a club's mailed file (`engine::desk`: authentication, verdicts, battle results, encounter replies, the replies it queues); running a phase (gather orders, seeded dice, one transaction); what a phase's paperwork needs from the database (`engine::paperwork`); what each event sends, assembled from `report` and handed to `mail::compose` (`engine::post`: a phase's reports, the year's, a battle's news, an encounter asked, notices, welcomes); the public site from the stored phases, written whole (`engine::site`); the reveal after the verdict (`engine::reveal`); deadlines (`engine::deadline`); clubs that drop out (`engine::disorder`); settling battles; the contact-exchange steps (`engine::exchange`); `audit` | auth, battle, bots, diag, error, failpoint, mail, orders, report, rulebook, rules, scenario, storage, submission, words |
//! | [`submission`] | checking an order file end to end: shape, secret, legality (via `rules::resolve::check_orders`) | auth, diag, orders, rules, storage, words |
//! | [`report`] | rendering through `templates/`: map SVG and PNG, battle cards, clubs' reports, bulletin, referee's report, order sheets and order pages, the public site and its Atom feed (`report::site`), the reveal and the season's film (`report::reveal`) | battle, error, orders, rulebook, rules, scenario, words; never storage, engine or mail |
//! | [`mail`] | the transport: composing rendered text into messages (`mail::compose`), delivering the outbox (SMTP or `.eml`), reading raw messages (`mail::message`, Maildir, `mail::mbox`, `mail::imap`) in bounded memory, `giglio.toml` (`mail::config`) | diag, error, failpoint, storage (the outbox's rows), `words::Lang`; knows no game |
//! | [`orders`] | order files: TOML → checked shape → `rules::order::OrderSet`, located diagnostics in the club's language, the JSON Schema; and back (`orders::unparse`, serde + `toml` from the same types) | auth, diag, error, rules, scenario, words |
//! | [`storage`] | the campaign's SQLite file: migrations, phase snapshots and steps, journal, dice log, battle results, the mail archive and outbox, clubs, lock | error, failpoint, rules |
//! | [`scenario`] | reading and validating `campaigns/<name>/*.toml` into a [`rules::Campaign`]; the clubs file and the `Club` type | battle, diag, error, rules |
//! | [`battle`] | the tactical boundary: battle cards, results, rulesets as data, the four games' auto-resolvers, odds | rules |
//! | [`bots`] | bot clubs for the demo and the simulator: orders from the world alone | rules |
//! | [`simulate`] | whole campaigns played by bots in memory, in parallel, for balance statistics | battle, bots, rules |
//! | [`rulebook`] | the campaign rulebook as giglio implements it (`docs/rulebook.{it,en}.md`, built in) | rules |
//! | [`words`] | the message catalogue per language (`locales/*/*.ftl`, Project Fluent) with the referee's overrides, loaded once per command and passed in as a value; `t!` and the templates' `t()`; a phase's name in running text (`words::phases`); the rules' facts in words (`words::explain`, the one `Say`, which order checks, receipts and reports share); the language (`words::Lang`) | diag, error, rules |
//! | [`rules`] | ids, calendar, map, tables, world state, dice, orders and outcomes, the ledger; spring, summer and winter resolution, battles in the campaign, victory, fog of war (`rules::visibility`), the orders a club may give (`rules::menu`, one menu for the sheet and the page); typed facts only, the words come through `rules::say::Say` | `words::Lang` only: no I/O, no sentence |
//! | [`auth`] | club secrets: issuing, salted hashes, constant-time checks | error |
//! | [`clock`] | the one clock: `GIGLIO_NOW` pins it, `GIGLIO_CLOCK_FILE` lets a test move it under a running service | nothing |
//! | [`diag`] | located diagnostics (`file:line:col`), shared by every reader of user files | nothing |
//! | [`error`] | the shell's error type and its exit codes | diag |
//! | [`failpoint`] | crash tests' failpoints (`GIGLIO_CRASH_AT`, `GIGLIO_CRASH_COUNT`) | nothing |
//! | `fixtures` (tests only) | the shipped campaign for unit tests of modules that may not read it themselves (`rules`) | rules, scenario |
//!
//! # Architecture invariants
//!
//! - `rules` is a pure function of its inputs: no file system, network, clock,
//!   environment, OS randomness or printing (checked by `tests/tidy.rs`).
//! - Every die is rolled through [`rules::dice::Dice`], seeded per phase and per event,
//!   and logged with its purpose.
//! - Every state change is one SQLite transaction with a journal row.

pub mod auth;
pub mod battle;
pub mod bots;
pub mod cli;
pub mod clock;
pub mod diag;
pub mod engine;
pub mod error;
pub mod failpoint;
#[cfg(test)]
mod fixtures;
pub mod mail;
pub mod orders;
pub mod report;
pub mod rulebook;
pub mod rules;
pub mod scenario;
pub mod service;
pub mod simulate;
pub mod storage;
pub mod submission;
pub mod words;
