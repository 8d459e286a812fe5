//! `giglio orders`: check, submit and list order files; print their JSON Schema.

use super::json::{CheckReport, OrderFileRow, Receipt};
use super::{load_definition, ui};
use crate::error::{Error, Result};
use crate::orders::{self, MAX_FILE_BYTES};
use crate::rules::World;
use crate::rules::tables::Lang;
use crate::storage::{Store, StoredOrders};
use crate::submission::{self, Auth, Checked};
use std::path::{Path, PathBuf};

/// Check, submit or list order files.
#[derive(Debug, clap::Subcommand)]
pub(crate) enum OrdersCommand {
    /// Check an order file against the open phase; changes nothing. Exit 0 when every
    /// order is valid, 65 otherwise.
    Check(CheckArgs),
    /// Store an order file for the open phase (it replaces the club's earlier file) and
    /// print a receipt with the SHA-256 of the file as received.
    Submit(SubmitArgs),
    /// List the order files received for a phase, with their receipts.
    List(ListArgs),
    /// Print the JSON Schema of order files, for editors.
    Schema,
}

#[derive(Debug, clap::Args)]
pub(crate) struct CheckArgs {
    /// The order file.
    pub(crate) file: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
    /// Check against the club's view attached to your last report: the order page
    /// that carries it (`ordini-V-1494-r03.html`), or the view file
    /// (`giglio-V-1494-r03.json.gz`, or the `.json` of an earlier report): the position
    /// of that report and the campaign as the referee edited it. What a club does before
    /// mailing its file; the secret is not checked (the referee checks it).
    #[arg(long, value_name = "FILE", conflicts_with = "campaign")]
    pub(crate) view: Option<PathBuf>,
    /// Check against a campaign definition (built-in name or directory) at its starting
    /// position: right for the first spring only (use --view for later phases).
    #[arg(long, value_name = "NAME|PATH")]
    pub(crate) campaign: Option<String>,
    /// Language of the messages (default: the club's).
    #[arg(long, value_enum)]
    pub(crate) lang: Option<LangArg>,
}

#[derive(Debug, clap::Args)]
pub(crate) struct SubmitArgs {
    /// The order file.
    pub(crate) file: PathBuf,
    /// Print the receipt as JSON.
    #[arg(long)]
    pub(crate) json: bool,
}

#[derive(Debug, clap::Args)]
pub(crate) struct ListArgs {
    /// The phase (default: the open one).
    #[arg(long, value_name = "KEY")]
    pub(crate) phase: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub(crate) json: bool,
}

/// A language on the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub(crate) enum LangArg {
    It,
    En,
}

impl From<LangArg> for Lang {
    fn from(l: LangArg) -> Lang {
        match l {
            LangArg::It => Lang::It,
            LangArg::En => Lang::En,
        }
    }
}

pub(crate) fn cmd_orders(dir: &Path, cmd: OrdersCommand) -> Result<()> {
    match cmd {
        OrdersCommand::Check(a) => check(dir, a),
        OrdersCommand::Submit(a) => submit(dir, a),
        OrdersCommand::List(a) => list(dir, a),
        OrdersCommand::Schema => {
            ui::out(&format!("{}\n", orders::schema_json()));
            Ok(())
        }
    }
}

/// Reads an order file, refusing one too large before reading it.
fn read_order_file(path: &Path) -> Result<Vec<u8>> {
    let meta = std::fs::metadata(path).map_err(|e| Error::read_at(path, e))?;
    if meta.len() > MAX_FILE_BYTES as u64 {
        return Err(Error::invalid(
            format!(
                "{} is {} bytes; an order file may have at most {MAX_FILE_BYTES}",
                path.display(),
                meta.len()
            ),
            Vec::new(),
            String::new(),
        ));
    }
    super::read_file(path)
}

fn report<'a>(path: &str, c: &'a Checked) -> CheckReport<'a> {
    CheckReport {
        file: path.to_owned(),
        nation: c.header.as_ref().map(|h| h.club.to_string()),
        phase: c.header.as_ref().map(|h| h.phase.clone()),
        valid: c.all_valid(),
        rules_checked: c.rules_checked,
        receipt: &c.sha256,
        warnings: &c.warnings,
        orders: c.orders.orders.len(),
        errors: &c.errors,
        rejected: &c.rejected,
    }
}

fn render(c: &Checked, text: &str) -> String {
    let mut out: String = c
        .errors
        .iter()
        .chain(&c.rejected)
        .map(|d| d.render(text))
        .collect();
    out.extend(c.warnings.iter().map(|d| d.render_warning(text)));
    out
}

fn check(dir: &Path, a: CheckArgs) -> Result<()> {
    let bytes = read_order_file(&a.file)?;
    let shown = a.file.display().to_string();
    let lang = a.lang.map(Lang::from);
    // A club's own check (a view file or a definition) speaks the shipped words; a
    // check inside a campaign directory speaks the referee's, overrides included.
    let words = match (&a.view, &a.campaign) {
        (None, None) => super::words_of(dir)?,
        _ => crate::words::Words::load(None)?,
    };
    let checked = match (&a.view, &a.campaign) {
        (Some(view), _) => {
            let shown_view = view.display().to_string();
            let packed = std::fs::read(view)
                .map_err(|e| Error::user(format!("cannot read {shown_view}: {e}")))?;
            let text = crate::report::kit::unpack(&shown_view, &packed)?;
            let (campaign, kit) = crate::report::kit::read(&shown_view, &text)?;
            let lang = lang.or(Some(kit.lang));
            submission::check(
                &shown,
                &bytes,
                &campaign,
                &kit.world,
                &[],
                Auth::None,
                &words,
                lang,
            )
        }
        (None, Some(def)) => {
            let (campaign, _) = load_definition(def)?;
            let played: Vec<_> = campaign
                .nations
                .iter()
                .filter(|n| n.played)
                .map(|n| n.code.clone())
                .collect();
            let mut world = World::start(&campaign, &played);
            // A club checks the file for the phase it names.
            if let Some(p) = std::str::from_utf8(&bytes)
                .ok()
                .and_then(|t| t.parse::<toml::Table>().ok())
                .and_then(|t| {
                    t.get("phase")
                        .and_then(|v| v.as_str())
                        .and_then(crate::rules::PhaseId::parse_key)
                })
            {
                world.phase = p;
            }
            submission::check(
                &shown,
                &bytes,
                &campaign,
                &world,
                &[],
                Auth::None,
                &words,
                lang,
            )
        }
        (None, None) => {
            let store = Store::open_read(dir)?;
            let (campaign, _) = super::campaign_of(dir)?;
            let world = store.current()?.world;
            let clubs = store.clubs()?;
            let lookup = |n: &str| store.secret_hash(n).ok().flatten();
            submission::check(
                &shown,
                &bytes,
                &campaign,
                &world,
                &clubs,
                Auth::Campaign(&lookup),
                &words,
                lang,
            )
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    if a.json {
        ui::out_json(&report(&shown, &checked))?;
    } else {
        // The labels of the problems in the club's language, as its receipts write them.
        let mut out =
            crate::engine::desk::plain::labels(&words, checked.lang, &render(&checked, &text));
        if checked.all_valid() {
            let l = checked.lang;
            let n = checked.orders.orders.len() as i64;
            out.push_str(&crate::t!(
                words,
                l,
                "check-ok",
                file = shown.as_str(),
                count = n
            ));
            if !checked.warnings.is_empty() {
                let w = checked.warnings.len() as i64;
                out.push(' ');
                out.push_str(&crate::t!(words, l, "check-ok-warnings", warnings = w));
            }
            out.push('\n');
        }
        // The diagnostics end with their last caret line; the summary (on stderr, when
        // the file has problems) starts a line of its own (a play-test read them glued).
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        ui::out(&out);
    }
    if checked.all_valid() {
        Ok(())
    } else {
        let n = checked.errors.len() + checked.rejected.len();
        let mut summary = crate::t!(
            words,
            checked.lang,
            "check-problems",
            file = shown.as_str(),
            count = n as i64
        );
        // The rest of a readable file is said valid, as the receipt would list it (a
        // play-test's club could not tell from one error whether its other orders held).
        let valid = checked
            .orders
            .orders
            .len()
            .saturating_sub(checked.refused.len());
        if checked.errors.is_empty() && checked.rules_checked && valid > 0 {
            summary.push_str(&crate::t!(
                words,
                checked.lang,
                "check-problems-valid",
                valid = valid as i64
            ));
        }
        Err(Error::invalid(summary, Vec::new(), String::new())
            .labelled(words.plain(checked.lang, "diag-error")))
    }
}

fn submit(dir: &Path, a: SubmitArgs) -> Result<()> {
    let bytes = read_order_file(&a.file)?;
    let shown = a.file.display().to_string();
    let mut store = Store::open_write(dir, &format!("orders submit {shown}"))?;
    let (campaign, _) = super::campaign_of(dir)?;
    let world = store.current()?.world;
    // G3c.3: once the round stopped at an encounter it replays from its orders.
    if crate::engine::exchange::round_begun(&store.steps(&world.phase.key())?) {
        return Err(Error::user(format!(
            "{} has begun (it is stopped at an encounter): its orders can no longer change; encounter replies arrive by mail (`giglio inbox`)",
            world.phase
        )));
    }
    let checked =
        super::accept_club_file(&store, &campaign, &bytes, &shown, &super::words_of(dir)?)?;
    // G5.3: letters are carried from the club's own mail; by hand they would go unsent
    // while their file replaced the club's orders.
    if checked.letter_entries > 0 {
        return Err(Error::user(format!(
            "{shown} carries letters ([[letter]]): letters travel only in the club's own mail (`giglio inbox`), where its address and secret vouch for them; take them out to submit the orders by hand"
        )));
    }
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let Some(header) = checked.header.as_ref() else {
        return Err(Error::internal("an accepted file has a header"));
    };
    let now = super::now();
    let id = store.submit_orders(
        &StoredOrders {
            id: 0,
            phase: world.phase.key(),
            nation: header.club.to_string(),
            received_at: now.clone(),
            source: format!("file {shown}"),
            sha256: checked.sha256.clone(),
            text: checked.masked.clone(),
            active: true,
        },
        &format!("orders submit {shown}"),
    )?;
    let receipt = Receipt {
        id,
        nation: header.club.to_string(),
        phase: world.phase.key(),
        received_at: now,
        receipt: checked.sha256.clone(),
        orders: checked.orders.orders.len(),
        rejected: checked.rejected.clone(),
        warnings: checked.warnings.clone(),
    };
    if a.json {
        return ui::out_json(&receipt);
    }
    let mut out = format!(
        "accepted: orders of {} for {} ({} orders), stored as file {}\nreceipt, the sha256 of the file as received: {}\n",
        receipt.nation, world.phase, receipt.orders, receipt.id, receipt.receipt
    );
    if !checked.rejected.is_empty() {
        out.push_str(&format!(
            "warning: {} will not be carried out (they do not read, or the rules would reject them now); send a new file to change them:\n",
            ui::count(checked.rejected.len(), "order")
        ));
        out.push_str(
            &checked
                .rejected
                .iter()
                .map(|d| d.render(&text))
                .collect::<String>(),
        );
    }
    ui::out(&out);
    Ok(())
}

fn list(dir: &Path, a: ListArgs) -> Result<()> {
    let store = Store::open_read(dir)?;
    let phase = match a.phase {
        Some(p) => p,
        None => store.current()?.id.key(),
    };
    let files = store.orders(&phase, false)?;
    // A file received after the phase's deadline is marked late.
    let deadline = store.deadline(&phase)?;
    let late = |f: &StoredOrders| {
        deadline
            .as_deref()
            .is_some_and(|d| crate::engine::desk::older(d, &f.received_at))
    };
    if a.json {
        let rows: Vec<OrderFileRow> = files
            .iter()
            .map(|f| OrderFileRow {
                id: f.id,
                phase: f.phase.clone(),
                nation: f.nation.clone(),
                received_at: f.received_at.clone(),
                source: f.source.clone(),
                receipt: f.sha256.clone(),
                text: f.text.clone(),
                active: f.active,
                late: late(f),
            })
            .collect();
        return ui::out_json(&rows);
    }
    let mut out = String::new();
    for f in &files {
        out.push_str(&format!(
            "{:>4} {} {:<4} {} {} {}{}\n",
            f.id,
            f.phase,
            f.nation,
            f.received_at,
            if f.active { "active  " } else { "replaced" },
            f.sha256,
            if late(f) { " late" } else { "" }
        ));
    }
    if files.is_empty() {
        out.push_str(&format!("no order files for {phase}\n"));
    }
    ui::out(&out);
    Ok(())
}
