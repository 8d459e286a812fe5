//! The JSON contract's documents: what every command prints with `--json`, one typed
//! output per command, each with its JSON Schema (`giglio schema COMMAND`). The
//! library's own types (a ledger, a journal row, an outcome) appear inside them as they
//! serialize; the commands only fill these in.

use crate::diag::Diagnostic;
use crate::engine::BattleState;
use crate::rules::world::Fortification;
use crate::storage;
use serde::Serialize;

/// A battle waiting for its result, as `giglio status --json` lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct PendingBattle {
    pub(crate) id: String,
    pub(crate) node: String,
    pub(crate) attacker: String,
    pub(crate) defender: String,
    pub(crate) since: String,
    /// Its result is settled but not applied yet (the clubs' results once their step
    /// was undone, or a campaign applying results when the phase is resolved): the
    /// phase waits for nothing.
    pub(crate) settled: bool,
}

/// What `giglio status --json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Status {
    pub(crate) campaign: String,
    pub(crate) phase: String,
    pub(crate) year: u16,
    pub(crate) season: &'static str,
    pub(crate) round: Option<u8>,
    pub(crate) month_it: Option<String>,
    pub(crate) month_en: Option<String>,
    pub(crate) opened_at: String,
    pub(crate) waiting_for: String,
    pub(crate) seed_commitment: String,
    pub(crate) previous_phase: Option<String>,
    pub(crate) previous_seed: Option<String>,
    pub(crate) clubs: Vec<String>,
    /// Clubs whose orders the open phase still waits for.
    pub(crate) missing: Vec<String>,
    /// The open phase's deadline (RFC 3339) and as clubs read it, if one is set.
    pub(crate) deadline: Option<String>,
    pub(crate) deadline_local: Option<String>,
    /// Clubs still missing once the deadline has passed: they hold if resolved now.
    pub(crate) late: Vec<String>,
    /// Files that arrived after the deadline and count, with no word from the referee
    /// yet (`giglio late --accept` or `--refuse`).
    pub(crate) late_files: Vec<crate::storage::LateFile>,
    /// Messages waiting in the outbox (`giglio mail send`), and failed ones.
    pub(crate) mail_queued: usize,
    pub(crate) mail_failed: usize,
    /// Clubs whose queued welcome still holds their secret: it is stored until the
    /// message is delivered (`giglio mail send`).
    pub(crate) secrets_in_outbox: Vec<String>,
    /// Battles waiting for their result from the table (G3c.7).
    pub(crate) battles: Vec<PendingBattle>,
    /// G3c.3: the encounter the round is stopped at, waiting for clubs' choices.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) encounter: Option<WaitingEncounter>,
    pub(crate) neutral: Vec<String>,
    /// When the next reminder to the missing clubs can go (`giglio remind`), RFC 3339.
    pub(crate) next_reminder: Option<String>,
    /// Configuration mistakes the referee should fix (giglio.toml).
    pub(crate) warnings: Vec<String>,
    /// How large the campaign file has grown, and how much of it is delivered mail
    /// (`giglio mail archive` moves that out).
    pub(crate) size: crate::storage::Size,
    /// G0: clubs silent for `civil_disorder_after` order phases in a row whose orders
    /// for this phase are missing too: in civil disorder when it is resolved.
    pub(crate) disorder: Vec<String>,
    /// The unattended referee (`giglio run`): its last pass, what it will do next and
    /// when, and the referee's hold on the clock. All null before its first pass.
    pub(crate) service: crate::storage::ServiceState,
}

/// An encounter the round is stopped at (contact-exchange mode).
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct WaitingEncounter {
    pub(crate) id: String,
    pub(crate) node: String,
    /// Clubs whose choice has not arrived (as `missing` above: clubs still awaited).
    pub(crate) missing: Vec<String>,
    pub(crate) deadline: Option<String>,
}

/// A node as `giglio map show --json` lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct NodeRow {
    pub(crate) code: String,
    pub(crate) name: String,
    pub(crate) kind: &'static str,
    pub(crate) capital: bool,
    pub(crate) port: bool,
    pub(crate) owner: String,
    pub(crate) fortification: Fortification,
    pub(crate) roads: Vec<String>,
    pub(crate) seas: Vec<String>,
}

/// A sea zone as `giglio map show --json` lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct SeaRow {
    pub(crate) code: String,
    pub(crate) name: String,
    pub(crate) lanes: Vec<String>,
    pub(crate) ports: Vec<String>,
}

/// What `giglio map show --json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct MapListing {
    pub(crate) nodes: Vec<NodeRow>,
    pub(crate) seas: Vec<SeaRow>,
    pub(crate) bans: Vec<crate::rules::map::Ban>,
}

/// A die rolled, as `giglio log --dice --json` lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct DieRow<'a> {
    pub(crate) phase: &'a str,
    /// Where the die was rolled: `resolution` (the phase's own), `battle <id>` (a battle
    /// auto-resolved while the phase was open) or `step <n>` (a step taken then).
    pub(crate) source: String,
    /// The roll's number among its source's rolls, from 1 (`seq` runs through the
    /// whole phase and never restarts).
    pub(crate) source_seq: u32,
    #[serde(flatten)]
    pub(crate) roll: &'a crate::rules::dice::Roll,
    /// The seed (hex) the roll was drawn from, where it is not the one the phase's
    /// report reveals: a battle auto-resolved before the phase was undone and its dice
    /// drawn anew keeps the seed the withdrawn report revealed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) seed: Option<&'a str>,
}

/// What `giglio mail archive --json` prints.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct ArchiveOut {
    /// The mbox file written.
    pub(crate) file: String,
    /// How many messages' bytes went into it.
    pub(crate) archived: usize,
    /// The bytes taken out of the campaign file.
    pub(crate) bytes: u64,
}

/// A rule of the rulebook, as `giglio rules --json` prints it (its text only when one
/// rule is asked for).
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct RuleJson<'a> {
    pub(crate) id: &'a str,
    pub(crate) title: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) text: Option<&'a str>,
}

/// A phase, as `giglio history --json` lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct HistoryRow {
    pub(crate) phase: String,
    pub(crate) name: String,
    pub(crate) opened_at: String,
    pub(crate) resolved_at: Option<String>,
    pub(crate) orders: usize,
    pub(crate) dice: usize,
    pub(crate) seed_commitment: String,
    pub(crate) revealed_seed: Option<String>,
    /// The steps the phase took while open (a battle's result applied, an encounter
    /// asked, a reply, an encounter closed), in order.
    pub(crate) steps: Vec<HistoryStep>,
}

/// A step a phase took while open.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct HistoryStep {
    pub(crate) n: u32,
    pub(crate) kind: String,
    pub(crate) at: String,
    /// What it was about: the battle's or the encounter's id (and the club replying).
    pub(crate) about: String,
}

/// What `giglio undo --json` prints.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct UndoOut {
    /// The phase open again.
    pub(crate) open: String,
    /// Every phase whose resolution was taken back, newest first.
    pub(crate) undone: Vec<String>,
    /// Every step of the open phase taken back (a battle's result applied during it),
    /// newest first, as `PHASE step N`.
    pub(crate) steps_undone: Vec<String>,
    /// The battles whose result an undone step had applied, each as `ID: withdrawn` (a
    /// referee's ruling or an auto-resolve, taken back with its step: the battle waits
    /// again) or `ID: kept` (the clubs' results, applied when the phase is resolved
    /// unless a ruling replaces them).
    #[serde(default)]
    pub(crate) battles_reopened: Vec<String>,
    /// Clubs that had received reports of an undone resolution and are sent a
    /// correction (queued: `giglio mail send`).
    pub(crate) corrected: Vec<String>,
    /// The clock is held (`giglio resume` starts it): a campaign kept by `giglio run`
    /// is held by an undo, or the service would resolve the phase again at once.
    pub(crate) held: bool,
    /// The phase open again draws its dice anew (the ruling `fresh_seed_after_undo`):
    /// its new commitment is `giglio status`'s.
    #[serde(default)]
    pub(crate) redrawn: bool,
}

/// What `giglio deadline --json` prints.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct DeadlineOut {
    /// The open phase.
    pub(crate) phase: String,
    /// Its deadline (RFC 3339), if one is set.
    pub(crate) deadline: Option<String>,
    /// The deadline as clubs read it: local time and zone.
    pub(crate) deadline_local: Option<String>,
    /// Whether it has passed.
    pub(crate) passed: bool,
    /// Messages queued to tell the clubs of a new deadline (0 when only shown).
    pub(crate) queued: usize,
}

/// What `giglio remind --json` prints.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct RemindOut {
    /// The open phase.
    pub(crate) phase: String,
    /// The clubs whose orders are missing.
    pub(crate) missing: Vec<String>,
    /// The clubs whose orders are in but that owe the result of a battle against another
    /// club (reminded of that alone).
    pub(crate) owing: Vec<String>,
    /// Reminders queued now (a club reminded today is not reminded again).
    pub(crate) queued: usize,
    /// When the next reminder can go (RFC 3339): tomorrow, once every late club has
    /// had today's.
    pub(crate) next_reminder: Option<String>,
}

/// What `giglio backup --json` prints.
#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub(crate) struct BackupOut {
    /// The file written.
    pub(crate) file: String,
    /// Its size in bytes.
    pub(crate) bytes: u64,
    /// What the copy holds, read back from it.
    #[serde(flatten)]
    pub(crate) checked: storage::BackupChecked,
}

/// A battle of the open phase, as `giglio battle list --json` lists it.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct BattleRow {
    pub(crate) id: String,
    pub(crate) node: String,
    pub(crate) kind: String,
    pub(crate) attacker: String,
    pub(crate) defender: String,
    pub(crate) since: String,
    /// The step of the open phase that applied its result, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) applied_in_step: Option<u32>,
    /// When a battle still waiting for its result must be played by (RFC 3339, the
    /// campaign's zone); past it the service applies the campaign's `battle_fallback`.
    /// Absent where the campaign sets no date (`battle_play_days = 0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) play_by: Option<String>,
    #[serde(flatten)]
    pub(crate) state: BattleState,
}

/// What `giglio orders check --json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct CheckReport<'a> {
    /// The file checked, as named on the command line.
    pub(crate) file: String,
    /// The nation code in the file's header (`club = "V"`), if the header reads.
    pub(crate) nation: Option<String>,
    /// The phase in the file's header, if the header reads.
    pub(crate) phase: Option<String>,
    /// Every order is valid: no `errors`, no `rejected`.
    pub(crate) valid: bool,
    /// The orders were judged by the rules against a position (the open phase, a
    /// view file or a definition's start), not only read.
    pub(crate) rules_checked: bool,
    /// The SHA-256 (hex) of the file exactly as read: the receipt the club gets when it
    /// is submitted.
    pub(crate) receipt: &'a str,
    /// How many orders the file gives.
    pub(crate) orders: usize,
    /// Problems that stop the whole file: it does not read, or does not authenticate.
    pub(crate) errors: &'a [Diagnostic],
    /// Orders that read but that the rules reject (they would not be carried out).
    pub(crate) rejected: &'a [Diagnostic],
    /// Warnings that keep the file valid (an order a pending battle may move, a first
    /// spring without objective).
    pub(crate) warnings: &'a [Diagnostic],
}

/// What `giglio orders submit --json` prints: the receipt of a stored file.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Receipt {
    /// The stored file's number (as `giglio orders list` shows it).
    pub(crate) id: i64,
    /// The nation whose club sent the file.
    pub(crate) nation: String,
    pub(crate) phase: String,
    /// When it was stored (RFC 3339).
    pub(crate) received_at: String,
    /// The SHA-256 (hex) of the file exactly as received: a club checks it with
    /// `sha256sum`.
    pub(crate) receipt: String,
    /// How many orders the file gives.
    pub(crate) orders: usize,
    /// Orders that will not be carried out (they do not read, or the rules reject them
    /// now): the file is stored all the same.
    pub(crate) rejected: Vec<Diagnostic>,
    /// Warnings that do not stop an order.
    pub(crate) warnings: Vec<Diagnostic>,
}

/// One row of `giglio orders list --json`: a file received for the phase.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct OrderFileRow {
    /// The stored file's number.
    pub(crate) id: i64,
    pub(crate) phase: String,
    /// The nation whose club sent it.
    pub(crate) nation: String,
    /// When it was received (RFC 3339).
    pub(crate) received_at: String,
    /// Where it came from: `file NAME` (`orders submit`) or the mail it arrived in.
    pub(crate) source: String,
    /// The SHA-256 (hex) of the file exactly as received.
    pub(crate) receipt: String,
    /// The file as stored, its secret masked.
    pub(crate) text: String,
    /// The club's active file for the phase; a replaced one is kept, inactive.
    pub(crate) active: bool,
    /// Received after the phase's deadline.
    pub(crate) late: bool,
}

/// What `giglio resolve --json` prints when the phase is resolved (or would be, with
/// `--dry-run`).
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct ResolveSummary<'a> {
    pub(crate) phase: String,
    pub(crate) next: Option<String>,
    pub(crate) dry_run: bool,
    pub(crate) resolution: &'a crate::rules::resolve::Resolution,
    pub(crate) rolls: &'a [crate::rules::dice::Roll],
    pub(crate) changes: Vec<String>,
    /// The preview files written (`--dry-run --out DIR`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(crate) preview: Vec<String>,
}

/// What `resolve --json` prints when the round stops at an encounter (G3c.3).
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct ResolvePaused<'a> {
    pub(crate) phase: String,
    pub(crate) dry_run: bool,
    /// The encounter the round stopped at, with both sides (the referee sees all).
    pub(crate) paused_at: &'a crate::rules::exchange::Asked,
    pub(crate) deadline: Option<&'a str>,
    /// The encounter closed on the way (its deadline passed, or `--force`).
    pub(crate) closed: Option<&'a str>,
    pub(crate) queued: usize,
}

/// What `giglio resolve --json` prints: the phase resolved, or the round stopped at an
/// encounter. Untagged: a resolved phase has `resolution`, a stopped one `paused_at`.
#[derive(Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub(crate) enum ResolveOut<'a> {
    Resolved(ResolveSummary<'a>),
    Paused(ResolvePaused<'a>),
}

/// What `giglio log --json` prints: the journal, or with `--dice` every die rolled.
#[derive(Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub(crate) enum LogOut<'a> {
    Journal(&'a [storage::JournalRow]),
    Dice(Vec<DieRow<'a>>),
}

/// What `giglio rules --json` prints: every rule's id and title, or one rule with its
/// text.
#[derive(Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub(crate) enum RulesOut<'a> {
    All(Vec<RuleJson<'a>>),
    One(RuleJson<'a>),
}

/// What `giglio victory --json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct VictoryOut<'a> {
    /// The last winter is resolved: the verdict is final (G8.2).
    pub(crate) over: bool,
    #[serde(flatten)]
    pub(crate) verdict: &'a crate::rules::victory::Verdict,
}

/// What `giglio battle auto --json` prints.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct BattleAuto<'a> {
    pub(crate) battle: String,
    /// The ruleset whose mechanics resolved it.
    pub(crate) ruleset: String,
    pub(crate) outcome: &'a crate::rules::battles::BattleOutcome,
    /// How many dice were rolled and logged (`giglio log --dice`), as `history` counts
    /// a phase's `dice`.
    pub(crate) dice: usize,
    /// The step of the open phase that applied the result at once; none when it is
    /// applied as the next phase is resolved.
    pub(crate) applied_in_step: Option<u32>,
}

/// Which report `giglio report --json` speaks of.
#[derive(Clone, Copy, Debug, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ReportKind {
    /// A club's report of a phase.
    Club,
    /// The public bulletin of a phase.
    Bulletin,
    /// The referee's report of a phase.
    Referee,
    /// Every report of a phase, written into a folder.
    Phase,
    /// A club's yearly report.
    Year,
    /// The year's public chronicle.
    Chronicle,
    /// Every report of a year, written into a folder.
    Years,
}

/// What `giglio report --json` prints: the report rendered (on standard output), or the
/// files written with `--out`.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct ReportOut {
    pub(crate) kind: ReportKind,
    /// The phase reported on, by key (not for a year's reports).
    pub(crate) phase: Option<String>,
    /// The year reported on (a year's reports only).
    pub(crate) year: Option<u16>,
    /// The nation whose club's report it is.
    pub(crate) nation: Option<String>,
    /// The report's language, when it has one chosen (`it` or `en`).
    pub(crate) lang: Option<crate::rules::tables::Lang>,
    /// `text` or `html`: the form of `document`; none when files are written.
    pub(crate) format: Option<String>,
    /// The report itself, when it is printed rather than written into a folder.
    pub(crate) document: Option<String>,
    /// The folder written (`--out`) and the files written into it, by name.
    pub(crate) out: Option<String>,
    pub(crate) written: Vec<String>,
}

/// What `giglio new --json` prints: the campaign created and each club's secret, shown
/// this once (only their salted hashes are kept).
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Created {
    pub(crate) campaign: String,
    /// The campaign directory created.
    pub(crate) dir: String,
    /// The open phase, by key.
    pub(crate) phase: String,
    pub(crate) seed_commitment: String,
    pub(crate) clubs: Vec<storage::Club>,
    /// Nation code → the club's secret.
    pub(crate) secrets: std::collections::BTreeMap<String, String>,
    /// Welcome messages queued (0 with `--no-welcome`).
    pub(crate) welcomes_queued: usize,
    /// Why the welcomes could not be queued, if they could not (`giglio welcome`
    /// queues them later, without the secrets).
    pub(crate) welcome_error: Option<String>,
}

/// What `giglio club secret CODE --rotate --json` prints: the new secret, shown once.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct NewSecret {
    pub(crate) nation: String,
    pub(crate) secret: String,
}

/// What `giglio club handover --json` prints: the new club and its secret, shown once.
#[derive(Serialize, schemars::JsonSchema)]
pub(crate) struct Handover {
    pub(crate) nation: String,
    pub(crate) club: storage::Club,
    pub(crate) secret: String,
    /// Messages queued: the new club's welcome and the old club's farewell.
    pub(crate) queued: usize,
}
