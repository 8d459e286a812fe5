//! giglio: the referee's tool for play-by-email campaigns of Il Giglio.
//!
//! A pure rules core inside an I/O shell:
//!
//! ```text
//!  campaigns/<name>/*.toml ─> scenario ─> rules::Campaign ─┐
//!                                                          v
//!  storage (SQLite) <──> rules::World ── rules::* (pure, dice as a value) ──> outcomes
//!                                                          │
//!  cli (the only printing) <── report (SVG/text via templates/) <──┘
//!                                 │ rules::visibility::ClubView only
//!  mail: outbox ─> SMTP / .eml     └─> club reports ─> outbox (same transaction)
//!  mail: Maildir/mbox/.eml/IMAP ─> intake ─> submission ─> storage
//! ```
//!
//! # Module map
//!
//! | module | owns | may not |
//! |---|---|---|
//! | [`cli`] | clap definitions, one file per subcommand, all printing, exit codes; the JSON contract (`cli::json`: every command's `--json` document, its schema, `giglio schema`) | hold game logic |
//! | [`rules`] | ids, calendar, map, tables, world state, dice, orders and outcomes, the ledger; spring, summer and winter resolution (`rules::resolve`, with an index of who stands at each node, `rules::occupancy`), battle results in the campaign, victory, fog of war (`rules::visibility`: what each club may know), the orders a club may give (`rules::menu`: the sheet's options, and on top of them the order page's choices: refusals with their rule, costs); the contact-exchange mode (`rules::exchange`: a round replayed with the clubs' answers stops at the first encounter still waiting); typed facts only, the words come through `rules::say::Say` | do any I/O, write a sentence |
//! | [`orders`] | order files: TOML → checked shape → `rules::order::OrderSet`, located diagnostics in the club's language, the JSON Schema; and back (`orders::unparse`, serde + toml from the same types) | decide legality that needs the world |
//! | [`submission`] | checking an order file end to end: shape, secret, legality (via `rules::resolve::check_orders`) | print, store |
//! | [`auth`] | club secrets: issuing, salted hashes, constant-time checks | know game rules |
//! | [`scenario`] | reading and validating `campaigns/<name>/*.toml` into a [`rules::Campaign`]; the clubs file and the `Club` domain type (`scenario::clubs`) | open SQLite, decide rules |
//! | [`storage`] | the campaign's SQLite file: migrations, phase snapshots and the steps inside a phase, journal, dice log, battle results, the mail archive, clubs that change and announcements, lock | decide rules, format for humans |
//! | [`battle`] | the tactical boundary: battle cards, results, rulesets as data, the four games' auto-resolvers, odds | touch the campaign world |
//! | [`bots`] | bot clubs for the demo and the simulator: orders from the world alone | print, store, roll dice |
//! | [`simulate`] | whole campaigns played by bots in memory, in parallel, for balance statistics | print, store |
//! | [`report`] | rendering through `templates/`: map SVG and PNG, battle cards, clubs' reports, bulletin, referee's report, the clubs' order sheets and order pages (`report::page`, one self-contained HTML file); an encounter asked of a club (`report::asked`); the export, ledger views, state diffs; the rules' facts in words (`report::explain`, the one `Say`, through `locales/*/outcomes.ftl`, `ledger.ftl`, `phases.ftl`) | decide visibility, send mail |
//! | [`mail`] | play by e-mail: `giglio.toml`, composing messages, the outbox's delivery (SMTP or `.eml`), intake from Maildir/mbox/.eml/IMAP with authentication (each message read in bounded memory), battle entries and encounter replies taken apart from orders (`mail::battle_intake`, `mail::encounter_intake`), the asks of the contact-exchange mode (`mail::encounters`), deadlines | decide rules or visibility |
//! | [`engine`] | running a phase: gather stored orders, readiness, seeded dice, one saving transaction; gathering what a phase's paperwork needs from the database (`engine::paperwork`: facts, battle cards, the year's record) so `report/` and the outgoing mail never read it; settling battles (a settled result applied as a step of the open phase); the contact-exchange mode's steps (`engine::exchange`: an encounter asked, a reply, a closing); `audit`, step by step | decide rules |
//! | `fixtures` (tests only) | the shipped campaign for unit tests of modules that may not read it themselves (`rules`) | be built into the tool |
//! | [`failpoint`] | crash tests' failpoints: abort at the k-th hit (`GIGLIO_CRASH_AT`), count hits (`GIGLIO_CRASH_COUNT`) | cost anything when unset |
//! | [`words`] | the message catalogue per language (`locales/*/*.ftl`, Project Fluent), the referee's overrides, `t!` and the templates' `t()` | decide what a club may see |
//! | [`rulebook`] | the campaign rulebook as giglio implements it (`docs/rulebook.{it,en}.md`, built in): rules by id for `giglio rules`, the reports' glossaries and the welcome mail; its tables generated from `rules.toml` | decide rules |
//! | [`diag`] | located diagnostics (`file:line:col`), shared by every reader of user files | know game types |
//! | [`error`] | the shell's error type and its exit codes | |
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
pub mod simulate;
pub mod storage;
pub mod submission;
pub mod words;
