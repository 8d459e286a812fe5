//! The JSON contract: which command prints which document with `--json`, the JSON
//! Schema of each (`giglio schema [COMMAND]`), and the commands that show no data.
//!
//! The documents themselves are in [`out`]; the schemas are derived from those types
//! (schemars, for serializing), so a field renamed in code is renamed in its schema.
//! Every object of a schema is closed (`unevaluatedProperties: false`), so a field the
//! schema does not name fails validation as surely as a field it misses
//! (`tests/json_contract.rs` runs every command below against its schema).

mod out;

pub(crate) use out::*;

use super::ui;
use crate::error::{Error, Result};
use schemars::JsonSchema;
use serde_json::{Map, Value};

/// One command's `--json` document.
pub struct Output {
    /// The command as typed after `giglio`, subcommands separated by one space.
    pub command: &'static str,
    /// The schema's name (its `title`).
    pub name: &'static str,
    schema: fn() -> Value,
}

impl Output {
    /// The command's JSON Schema (draft 2020-12), every object closed.
    pub(crate) fn schema(&self) -> Value {
        let mut v = (self.schema)();
        if let Some(o) = v.as_object_mut() {
            o.insert("title".into(), Value::String(self.name.to_owned()));
            // The type's own doc comment says more where it has one.
            o.entry("description").or_insert_with(|| {
                Value::String(format!("What `giglio {} --json` prints.", self.command))
            });
        }
        close(&mut v, true);
        v
    }
}

fn schema_of<T: JsonSchema>() -> Value {
    let schema = schemars::generate::SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.to_value()
}

macro_rules! output {
    ($command:literal, $name:literal, $ty:ty) => {
        Output {
            command: $command,
            name: $name,
            schema: schema_of::<$ty>,
        }
    };
}

/// Every command that shows data, with its document. `tests/json_contract.rs` checks
/// that this list and [`NO_DATA`] together name every command of the clap tree.
pub const OUTPUTS: &[Output] = &[
    output!("new", "Created", Created),
    output!("status", "Status", Status),
    output!("map show", "MapListing", MapListing),
    output!("orders check", "CheckReport", CheckReport<'static>),
    output!("orders submit", "Receipt", Receipt),
    output!("orders list", "OrderFiles", Vec<OrderFileRow>),
    output!("resolve", "Resolve", ResolveOut<'static>),
    output!("battle list", "Battles", Vec<BattleRow>),
    output!("battle auto", "BattleAuto", BattleAuto<'static>),
    output!("battle odds", "Odds", crate::battle::odds::Odds),
    output!("ledger", "Ledgers", Vec<crate::report::ledger::PhaseLedger>),
    output!("club list", "Clubs", Vec<crate::storage::Club>),
    output!("club secret", "NewSecret", NewSecret),
    output!("club handover", "Handover", Handover),
    output!("log", "Log", LogOut<'static>),
    output!("letters", "Letters", Vec<crate::storage::LetterRow>),
    output!("history", "History", Vec<HistoryRow>),
    output!("audit", "Audits", Vec<crate::engine::Audit>),
    output!("victory", "Victory", VictoryOut<'static>),
    output!("undo", "Undo", UndoOut),
    output!("report", "Report", ReportOut),
    output!("site", "Site", crate::engine::site::Published),
    output!("reveal", "Reveal", crate::engine::reveal::Revealed),
    output!("inbox", "Inbox", Vec<crate::engine::desk::Read>),
    output!("deadline", "Deadline", DeadlineOut),
    output!("remind", "Remind", RemindOut),
    output!("late", "Late", super::late::LateOut),
    output!("run", "ServicePass", crate::service::Pass),
    output!("resume", "Resumed", Option<crate::service::hold::Resumed>),
    output!("mail send", "MailSent", crate::mail::deliver::Sent),
    output!("mail status", "Outbox", Vec<crate::storage::OutboxRow>),
    output!("mail archive", "MailArchive", ArchiveOut),
    output!("simulate", "Simulation", crate::simulate::Summary),
    output!("rules", "Rules", RulesOut<'static>),
    output!("backup", "Backup", BackupOut),
];

/// Every command that takes no `--json`, with why: it shows no data (it acts and says
/// so in a line), or what it prints is already a format of its own.
pub const NO_DATA: &[(&str, &str)] = &[
    ("hold", "stops the clock and says so in a line"),
    (
        "map check",
        "checks a definition: its problems are located diagnostics on stderr (exit 65)",
    ),
    ("map render", "writes an SVG file"),
    (
        "export",
        "prints JSON already: the giglio-export/1 document (docs/referee.md)",
    ),
    (
        "orders schema",
        "prints a JSON Schema already (of order files)",
    ),
    (
        "battle card",
        "prints a document already: the card as text, HTML or TOML (--format)",
    ),
    (
        "battle result",
        "stores a club's table result; says so in a line (`battle list --json` shows where it stands)",
    ),
    (
        "battle oob",
        "stores a club's order of battle; says so in a line (`battle card` shows it)",
    ),
    (
        "battle rule",
        "stores the referee's ruling; says so in a line (`battle list --json` shows it)",
    ),
    (
        "club edit",
        "changes a club; says so in a line (`club list --json` shows it)",
    ),
    (
        "club leave",
        "makes a nation neutral; says so in a line (`status --json` lists it in `neutral`)",
    ),
    (
        "demo",
        "creates and plays a demo campaign; what it shows is `status`, `victory` and the map",
    ),
    (
        "mail retry",
        "queues failed messages again; says so in a line (`mail status --json` shows them)",
    ),
    (
        "welcome",
        "queues welcome messages; says so in a line (`mail status --json` shows them)",
    ),
    (
        "announce",
        "queues an announcement; says so in a line (`mail status --json` shows it)",
    ),
    ("completions", "prints a shell script, a format of its own"),
    ("man", "prints or writes roff manual pages"),
    (
        "schema",
        "prints JSON Schemas already (with --json, every one of them)",
    ),
];

/// Closes every object of a schema to fields it does not name. `unevaluatedProperties`
/// rather than `additionalProperties`: a flattened enum (`inbox`'s verdict) puts its
/// fields in `oneOf` branches beside the object's own, and only `unevaluated…` counts
/// those as named. The branches themselves stay open (the parent judges their fields).
fn close(v: &mut Value, judge: bool) {
    let Some(o) = v.as_object_mut() else {
        return;
    };
    let combined = ["oneOf", "anyOf", "allOf"]
        .iter()
        .any(|k| o.contains_key(*k));
    let names_fields = o.contains_key("properties");
    if judge
        && names_fields
        && !o.contains_key("additionalProperties")
        && !o.contains_key("unevaluatedProperties")
    {
        o.insert("unevaluatedProperties".into(), Value::Bool(false));
    }
    for (k, child) in o.iter_mut() {
        match k.as_str() {
            "properties" | "$defs" | "patternProperties" => {
                if let Some(m) = child.as_object_mut() {
                    m.values_mut().for_each(|c| close(c, true));
                }
            }
            "items" | "additionalProperties" | "prefixItems" | "not" => match child {
                Value::Array(a) => a.iter_mut().for_each(|c| close(c, true)),
                c => close(c, true),
            },
            "oneOf" | "anyOf" | "allOf" => {
                if let Value::Array(a) = child {
                    // A branch beside fields of the parent is judged with them.
                    a.iter_mut()
                        .for_each(|c| close(c, !(names_fields && combined)));
                }
            }
            _ => {}
        }
    }
}

/// Finds a command's document by the words typed after `giglio`.
pub(crate) fn output(command: &str) -> Option<&'static Output> {
    OUTPUTS.iter().find(|o| o.command == command)
}

/// Print the JSON Schema of a command's `--json` output, or list every command's schema.
#[derive(Debug, clap::Args)]
pub(crate) struct SchemaArgs {
    /// The command, as typed after `giglio` (`status`, `orders submit`, `battle auto`);
    /// without it, every command that shows data and its schema's name.
    #[arg(value_name = "COMMAND", num_args = 0..)]
    pub(crate) command: Vec<String>,
    /// Print JSON instead of text: without COMMAND, one object of every command's
    /// schema by command.
    #[arg(long)]
    pub(crate) json: bool,
}

pub(crate) fn cmd_schema(a: SchemaArgs) -> Result<()> {
    if a.command.is_empty() {
        if a.json {
            let all: Map<String, Value> = OUTPUTS
                .iter()
                .map(|o| (o.command.to_owned(), o.schema()))
                .collect();
            return ui::out_json(&all);
        }
        let width = OUTPUTS.iter().map(|o| o.command.len()).max().unwrap_or(0);
        let mut text = String::new();
        for o in OUTPUTS {
            text.push_str(&format!("{:<width$}  {}\n", o.command, o.name));
        }
        ui::out(&text);
        return Ok(());
    }
    let wanted = a.command.join(" ");
    match output(&wanted) {
        Some(o) => ui::out_json(&o.schema()),
        None => {
            let said = NO_DATA.iter().find(|(c, _)| *c == wanted).map_or_else(
                || format!("`giglio {wanted}` is no command that prints JSON (`giglio schema` lists them)"),
                |(_, why)| format!("`giglio {wanted}` has no JSON schema: it {why}"),
            );
            Err(Error::user(said))
        }
    }
}
