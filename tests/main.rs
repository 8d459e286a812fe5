//! The single integration test binary: every test of the real binary and the library's
//! public surface. Each module says what belongs in it.

/// Battle cases as data: `tests/cases/battle/<game>/*.toml`, the games' worked examples
/// and the audit's exact cases, walked by one runner.
mod battle_cases;
/// Battles on the referee's desk: auto, rulings, the clubs' results, steps and undo,
/// what each club is told.
mod battle_desk;
/// Battles: odds against exact probabilities, every ruleset resolving, odds that never
/// touch the campaign.
mod battles;
/// A club's HTML report in headless Chromium: DOM, loaded map, screenshot.
mod browser_report;
/// No import circles among the files of src/rules/ and of src/battle/.
mod circles;
/// End-to-end tests of the `giglio` binary, one section per subcommand.
mod cli;
/// The order file codec: every order written reads back, names with any character.
mod codec;
/// The rest of the binary's commands end to end: rules, help, completions, deadlines,
/// the referee's reports and warnings, simulate, colour.
mod commands;
/// Helpers: temporary campaigns, running the real binary.
mod common;
/// Letters by courier (G5.3): late by the road's length, lost to an army across it, read
/// by a spy beside it.
mod couriers;
/// Crash safety: a crash at every failpoint, kill -9 at random moments, nothing twice.
mod crash;
/// Mail delivery end to end: real SMTP, faults, concurrency, header safety.
mod delivery;
/// Clubs that change mid-campaign and the referee's announcements, on the real binary.
mod desk;
/// A club's check of the dice: `scripts/roll.py` recomputes every roll from a revealed
/// seed.
mod dice_check;
/// Contact-exchange mode by mail (G3c.3): an encounter asked, answered, closed, undone.
mod exchange;
/// First contact: the referee's real addresses in the welcome, a placeholder refused,
/// a welcome written again, a rotated secret sent with its welcome.
mod first_contact;
/// The fog of war (G7): leak test with marker values, non-interference, report snapshots.
mod fog;
/// The test infrastructure itself: real mail servers, their faults, headless Chromium.
mod infra;
/// Mail intake end to end: IMAP, Maildir/mbox/.eml from a real mail library, forged
/// messages, mail bombs.
mod intake;
/// The JSON contract: every data command's `--json` against the schema the binary
/// prints, and every command of the tree either with a schema or said to show no data.
mod json_contract;
/// Letters between clubs (G5.3) by mail: carried once, signed or not, refused with the
/// reason, kept for the referee, taken back by undo.
mod letters;
/// A club plays from its mailbox: welcome, pre-filled order sheets, offline checks.
mod mailbox;
/// Malformed order files by the thousand, and the fuzzers' crash inputs replayed.
mod malformed;
/// The map picture: no label covers another, a node or a piece.
mod map;
/// Diagnostics of bad order files, as snapshots.
mod orders_cases;
/// The club's own check (from its view file) and the referee's check agree on every
/// order that depends on no hidden fact, over generated campaigns.
mod own_check;
/// The order page in real headless Chromium through WebDriver: a spring and a round
/// clicked, the file mailed, every order accepted; hostile names shown as text.
mod page;
/// Issue 30.4: every order file the order page writes, driven in Chromium over a bot
/// campaign's open worlds, is accepted by the referee's check; what it must refuse, it
/// refuses with the rule.
mod page_agreement;
/// Property tests: conservation of ducats, one outcome per order, determinism.
mod properties;
/// The examples of README and docs/ stay true, in both languages of the club's guide.
mod readme;
/// The receipt a club's mailed file earns: every order echoed as the file wrote it.
mod receipts;
/// The reveal after the final verdict: queued by the last `resolve`, sent by `giglio
/// reveal` for a finished five-year demo, on the site, the season as a film.
mod reveal;
/// The rulebook against the code, the data and the templates; no path outside the repo.
mod rulebook;
/// Rules cases as data: `tests/cases/{spring,winter}/*.toml`.
mod rules_cases;
/// Broken campaign definitions (`tests/cases/scenario/*.toml`) and the shipped one.
mod scenario;
/// The unattended referee (`giglio run`): a season run by the service alone, the clock
/// moved between passes; hold and resume, preview, early resolution, outages, signals.
mod service;
/// The campaign in public: `giglio site` over a played year (HTML that parses, the Atom
/// feed, no hidden fact in any file, Chromium at 420 and 1200 px), `[site] out` kept up
/// to date by `resolve`.
mod site;
/// The campaign database: round trips, undo, the writer's lock.
mod storage;
/// Invariants of the code base itself.
mod tidy;
/// `giglio undo` end to end: a phase opened again, its dice drawn anew, the clubs told.
mod undo;
/// Objectives and the final verdict (G8).
mod victory;
/// A referee's word overrides reach every layer; a broken one is reported everywhere.
mod words_override;
/// Every message of a five-year bot campaign in both languages: one language, no
/// debug formatting, codes in natural order.
mod words_scan;
/// The year in review: yearly reports and the chronicle after the winter.
mod yearly;
