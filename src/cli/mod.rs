//! The command line: clap definitions, one file per subcommand, and the only printing.
//!
//! Each subcommand is `<Verb>Args` plus `cmd_<verb>`: load, call the library, save,
//! print. No game rule is decided here.

mod announce;
mod audit;
mod backup;
mod battle;
mod club;
mod deadline;
mod demo;
mod demo_service;
mod examples;
mod export;
mod inbox;
pub mod json;
mod late;
mod ledger;
mod letters;
mod log;
mod mail;
mod map;
mod new;
mod orders;
pub(crate) mod report;
mod resolve;
mod reveal;
mod rules;
mod run;
mod shell;
mod simulate;
mod site;
mod status;
mod ui;
mod undo;
mod welcome;

use crate::error::{Error, Result};
use crate::rules::Campaign;
use crate::scenario::{self, Source};
use crate::storage::Store;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The referee's tool for play-by-email campaigns of Il Giglio.
#[derive(Debug, Parser)]
#[command(name = "giglio", version, about, long_about = None)]
struct Cli {
    /// The campaign directory.
    #[arg(
        short = 'C',
        long = "campaign-dir",
        global = true,
        value_name = "DIR",
        default_value = "."
    )]
    dir: PathBuf,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    New(new::NewArgs),
    Status(status::StatusArgs),
    #[command(subcommand)]
    Map(map::MapCommand),
    Export(export::ExportArgs),
    #[command(subcommand)]
    Orders(orders::OrdersCommand),
    Resolve(resolve::ResolveArgs),
    #[command(subcommand)]
    Battle(battle::BattleCommand),
    Ledger(ledger::LedgerArgs),
    #[command(subcommand)]
    Club(club::ClubCommand),
    Log(log::LogArgs),
    Letters(letters::LettersArgs),
    History(audit::HistoryArgs),
    Audit(audit::AuditArgs),
    Victory(audit::VictoryArgs),
    Undo(undo::UndoArgs),
    Demo(demo::DemoArgs),
    Report(report::ReportArgs),
    Site(site::SiteArgs),
    Reveal(reveal::RevealArgs),
    Inbox(inbox::InboxArgs),
    Deadline(deadline::DeadlineArgs),
    Remind(deadline::RemindArgs),
    Late(late::LateArgs),
    Run(run::RunArgs),
    Hold(run::HoldArgs),
    Resume(run::ResumeArgs),
    #[command(subcommand)]
    Mail(mail::MailCommand),
    Simulate(simulate::SimulateArgs),
    Welcome(welcome::WelcomeArgs),
    Rules(rules::RulesArgs),
    Backup(backup::BackupArgs),
    Announce(announce::AnnounceArgs),
    Schema(json::SchemaArgs),
    Completions(shell::CompletionsArgs),
    Man(shell::ManArgs),
}

/// The whole command tree: the clap definitions with every command's examples and help
/// lines applied (`--help`, the man pages and the completions all come from it).
pub fn command() -> clap::Command {
    examples::apply(Cli::command())
}

/// Runs the command line and returns the process exit code.
pub fn main() -> ExitCode {
    let parsed = command()
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(e.exit_code().clamp(0, 255) as u8);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            ui::report_error(&e);
            e.exit_code()
        }
    }
}

fn run(cli: Cli) -> Result<()> {
    let dir = cli.dir.as_path();
    match cli.command {
        Command::New(args) => new::cmd_new(dir, args),
        Command::Status(args) => status::cmd_status(dir, args),
        Command::Welcome(args) => welcome::cmd_welcome(dir, args),
        Command::Map(cmd) => map::cmd_map(dir, cmd),
        Command::Export(args) => export::cmd_export(dir, args),
        Command::Orders(cmd) => orders::cmd_orders(dir, cmd),
        Command::Resolve(args) => resolve::cmd_resolve(dir, args),
        Command::Battle(cmd) => battle::cmd_battle(dir, cmd),
        Command::Ledger(args) => ledger::cmd_ledger(dir, args),
        Command::Club(cmd) => club::cmd_club(dir, cmd),
        Command::Log(args) => log::cmd_log(dir, args),
        Command::Letters(args) => letters::cmd_letters(dir, args),
        Command::History(args) => audit::cmd_history(dir, args),
        Command::Audit(args) => audit::cmd_audit(dir, args),
        Command::Victory(args) => audit::cmd_victory(dir, args),
        Command::Undo(args) => undo::cmd_undo(dir, args),
        Command::Demo(args) => demo::cmd_demo(args),
        Command::Report(args) => report::cmd_report(dir, args),
        Command::Site(args) => site::cmd_site(dir, args),
        Command::Reveal(args) => reveal::cmd_reveal(dir, args),
        Command::Inbox(args) => inbox::cmd_inbox(dir, args),
        Command::Deadline(args) => deadline::cmd_deadline(dir, args),
        Command::Announce(args) => announce::cmd_announce(dir, args),
        Command::Remind(args) => deadline::cmd_remind(dir, args),
        Command::Late(args) => late::cmd_late(dir, args),
        Command::Run(args) => run::cmd_run(dir, args),
        Command::Hold(args) => run::cmd_hold(dir, args),
        Command::Resume(args) => run::cmd_resume(dir, args),
        Command::Mail(cmd) => mail::cmd_mail(dir, cmd),
        Command::Simulate(args) => simulate::cmd_simulate(dir, args),
        Command::Rules(args) => rules::cmd_rules(args),
        Command::Backup(args) => backup::cmd_backup(dir, args),
        Command::Schema(args) => json::cmd_schema(args),
        Command::Completions(args) => shell::cmd_completions(args),
        Command::Man(args) => shell::cmd_man(args),
    }
}

/// Returns the time to record, as RFC 3339 UTC: the project's one clock
/// ([`crate::clock`]; `GIGLIO_NOW` pins it).
pub(crate) fn now() -> String {
    crate::clock::now()
}

/// Configuration mistakes the referee should see (`status`, `mail send`): settings
/// that are valid but silently lose something.
fn config_warnings(dir: &Path, config: &crate::mail::config::Config) -> Vec<String> {
    let mut out = Vec::new();
    // An SMTP setting that cannot work: `mail send` refuses it before the first
    // message; `status` says it before the referee gets that far.
    if let Some(Err(e)) = config.smtp.as_ref().map(|s| s.check(dir)) {
        out.push(format!("{e:#}"));
    }
    if let Err(e) = config.mail.refuse_placeholders(dir) {
        out.push(if config.smtp.is_some() {
            format!("{e}; `giglio mail send` refuses to send until then")
        } else {
            e
        });
    }
    if config.mail.referee.is_empty() {
        out.push(
            "giglio.toml sets no referee address (referee = []): the referee gets no copy of the alerts (forged or late orders) nor the referee's report; add [mail] referee = [\"you@example.org\"]"
                .to_owned(),
        );
    }
    out
}

/// Reads a file the user named; a missing or unreadable file is an I/O failure (74).
fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| Error::read_at(path, e))
}

/// The folder, inside a campaign directory, that holds its editable definition.
const DEFINITION_DIR: &str = "campaign";

/// Loads and checks a definition by built-in name or path.
fn load_definition(name_or_path: &str) -> Result<(Campaign, Source)> {
    let source = Source::find(name_or_path).map_err(|d| invalid_files(d, None))?;
    let campaign = scenario::load(&source).map_err(|d| invalid_files(d, Some(&source)))?;
    scenario::rulesets(&source).map_err(|d| invalid_files(d, Some(&source)))?;
    Ok((campaign, source))
}

/// Loads the definition a campaign directory plays with (its `campaign/` folder), and
/// checks the referee's word overrides with it: a broken `locales/` file is reported by
/// every command that loads the campaign, not first at `resolve`.
fn campaign_of(dir: &Path) -> Result<(Campaign, Source)> {
    let def = dir.join(DEFINITION_DIR);
    let loaded = load_definition(&def.to_string_lossy())?;
    words_of(dir)?;
    Ok(loaded)
}

/// The catalogue a campaign's commands speak with: the shipped one with the referee's
/// overrides from `DIR/locales/`. Loaded once per command (a command is one process)
/// and handed to every layer that writes a sentence.
pub(crate) fn words_of(dir: &Path) -> Result<crate::words::Words> {
    load_words(dir, false)
}

/// Loads the catalogue of a campaign afresh (a long-running `giglio run` picks up the
/// referee's edits of `locales/` at its next pass), or once per process.
fn load_words(dir: &Path, afresh: bool) -> Result<crate::words::Words> {
    use std::sync::Mutex;
    static LOADED: Mutex<Option<(std::path::PathBuf, crate::words::Words)>> = Mutex::new(None);
    let mut loaded = LOADED.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((d, w)) = loaded.as_ref()
        && d == dir
        && !afresh
    {
        return Ok(w.clone());
    }
    let words = crate::words::Words::load(Some(&dir.join("locales")))?;
    *loaded = Some((dir.to_owned(), words.clone()));
    Ok(words)
}

/// Everything a pass of the unattended referee needs, read afresh from the campaign
/// directory: the definition, its rulesets, `giglio.toml`, the catalogue and the
/// templates with their overrides.
fn loaded(dir: &Path) -> Result<crate::service::Loaded> {
    let words = load_words(dir, true)?;
    let (campaign, source) = campaign_of(dir)?;
    Ok(crate::service::Loaded {
        rulesets: crate::scenario::rulesets(&source)
            .map_err(|d| invalid_files(d, Some(&source)))?,
        config: crate::mail::config::load(dir)?,
        env: crate::report::environment(Some(&dir.join("templates")), words.clone())?,
        words,
        definition: source.files,
        campaign,
    })
}

/// What resolving needs to render and queue a phase's messages: the templates (with
/// the campaign's overrides), `giglio.toml` and the rulesets for battle cards.
struct MailParts {
    pub(crate) env: minijinja::Environment<'static>,
    pub(crate) config: crate::mail::config::Config,
    pub(crate) rulesets: Vec<crate::battle::ruleset::Ruleset>,
    pub(crate) definition: std::collections::BTreeMap<String, String>,
}

impl MailParts {
    /// Loads them from a campaign directory.
    pub(crate) fn load(dir: &Path) -> Result<MailParts> {
        let (_, source) = campaign_of(dir)?;
        Ok(MailParts {
            env: crate::report::environment(Some(&dir.join("templates")), words_of(dir)?)?,
            config: crate::mail::config::load(dir)?,
            rulesets: crate::scenario::rulesets(&source)
                .map_err(|d| invalid_files(d, Some(&source)))?,
            definition: source.files,
        })
    }

    /// Borrows them for the engine.
    pub(crate) fn mailing(&self) -> crate::engine::post::Mailing<'_> {
        crate::engine::post::Mailing {
            env: &self.env,
            config: &self.config,
            rulesets: &self.rulesets,
            definition: &self.definition,
        }
    }
}

/// Opens a campaign to read it, with its definition.
pub(crate) fn open_read(dir: &Path) -> Result<(Store, Campaign)> {
    let store = Store::open_read(dir)?;
    let (campaign, _) = campaign_of(dir)?;
    Ok((store, campaign))
}

fn invalid_files(diags: Vec<crate::diag::Diagnostic>, source: Option<&Source>) -> Error {
    let rendered = match source {
        Some(s) => s.render(&diags),
        None => diags.iter().map(|d| format!("{d}\n")).collect(),
    };
    Error::invalid(
        format!(
            "the campaign definition is invalid: {} problem{}",
            diags.len(),
            if diags.len() == 1 { "" } else { "s" }
        ),
        diags,
        rendered,
    )
}

/// Checks a club's file against the open phase and authenticates it with the club's
/// secret. A file that does not read or authenticate is refused with every problem
/// located, and nothing is stored; otherwise returns the check (its header is there).
fn accept_club_file(
    store: &Store,
    campaign: &Campaign,
    bytes: &[u8],
    shown: &str,
    words: &crate::words::Words,
) -> Result<crate::submission::Checked> {
    use crate::submission::{Auth, check};
    let world = store.current()?.world;
    let clubs = store.clubs()?;
    let lookup = |n: &str| store.secret_hash(n).ok().flatten();
    let checked = check(
        shown,
        bytes,
        campaign,
        &world,
        &clubs,
        Auth::Campaign(&lookup),
        words,
        None,
    );
    if checked.header.is_none() || !checked.errors.is_empty() {
        let text = String::from_utf8_lossy(bytes);
        let rendered: String = checked.errors.iter().map(|d| d.render(&text)).collect();
        return Err(Error::invalid(
            format!(
                "{shown} was not accepted: {}; nothing was stored",
                ui::count(checked.errors.len(), "problem")
            ),
            checked.errors,
            rendered,
        ));
    }
    Ok(checked)
}
